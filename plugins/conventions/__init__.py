"""Built-in convention profiles: the JCBL manual (the default), ACBLscore, JFR Pary and
bridge-scorer, each a named set of scoring options an event may choose."""
