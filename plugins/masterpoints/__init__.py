"""Built-in masterpoint rules: JCBL weekly games, and the Australian club eligibility rule."""
