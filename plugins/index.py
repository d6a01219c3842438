"""The built-in plugins' index: what each entry point of the ``traveller`` group in
``pyproject.toml`` registers, so that the registry imports a plugin's module only when one
of its plugins is first asked for (:mod:`engine.plugin_index`, docs/decisions/0029).

Declared in the ``traveller.index`` entry-point group. A plugin added to the
``traveller`` group is listed here too (tests/plugins/test_index.py compares this
with what every plugin registers): ::

    python -c "from engine.registry import create_registry; print(create_registry().index())"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

INDEX: Mapping[str, Mapping[str, Sequence[str]]] = {
    "american-whist": {"movements": ("american-whist", "awl", "american-whist-league")},
    "appendix-howell": {
        "movements": ("appendix-howell", "ab-howell", "howell-ab", "howell-appendix")
    },
    "appendix-mitchell": {"movements": ("appendix-mitchell", "mitchell-appendix")},
    "arrow-switch-mitchell": {
        "movements": (
            "arrow-switch-mitchell",
            "scrambled-mitchell",
            "arrowswitch-mitchell",
            "mitchell-arrow-switch",
        )
    },
    "australian-club": {"masterpoint_rules": ("australian-club", "abf-club", "green")},
    "bam": {"movements": ("bam", "board-a-match", "b-a-m")},
    "carry-over": {
        "carry_over_rules": (
            "jcbl",
            "jcbl-formula",
            "board-maximum",
            "2-board-maximum",
            "n-board-maximum",
            "full",
            "whole",
            "share",
        )
    },
    "conventions-acbl": {"conventions": ("acbl", "acblscore")},
    "conventions-bridge-scorer": {"conventions": ("bridge-scorer",)},
    "conventions-jcbl": {"conventions": ("jcbl", "jcbl-manual")},
    "conventions-jfr": {"conventions": ("jfr", "jfr-pary")},
    "cross-imps": {
        "scoring_methods": ("cross-imps", "imp-pairs", "cross-imp", "imps-across-the-field")
    },
    "half-appendix-mitchell": {
        "movements": ("half-appendix-mitchell", "mitchell-1.5-appendix", "one-and-a-half-appendix")
    },
    "houston": {"scoring_methods": ("houston", "butler", "houston-trial")},
    "howell": {"movements": ("howell", "howel", "full-howell")},
    "individual": {"movements": ("individual", "individuals", "indy")},
    "interwoven-howell": {"movements": ("interwoven-howell", "iwh", "inter-woven-howell")},
    "jcbl": {"masterpoint_rules": ("jcbl", "jcbl-weekly")},
    "jcbl-swiss": {
        "pairing_methods": (
            "jcbl-quarters",
            "jcbl-1",
            "jcbl-seeded",
            "jcbl-2",
            "jcbl-random",
            "jcbl-3",
        )
    },
    "matchpoints": {"scoring_methods": ("matchpoints", "mp", "matchpoint")},
    "mirror-mitchell": {"movements": ("mirror-mitchell", "mirror", "mm")},
    "mirror-mitchell-pairs": {"movements": ("mirror-mitchell-pairs", "pairs-mirror-mitchell")},
    "mitchell": {"movements": ("mitchell", "mitchel")},
    "mitchell-teams": {"movements": ("mitchell-teams",)},
    "optimal-swiss": {"pairing_methods": ("optimal", "matching")},
    "relay-mitchell-recovery": {
        "movements": ("relay-mitchell-recovery", "relay-recovery", "misplaced-bye-mitchell")
    },
    "relay-teams": {
        "movements": (
            "standard-teams",
            "rtm",
            "regular-team-movement",
            "new-england-relay",
            "ne-relay",
            "new-england",
            "stagger",
            "staggered",
        )
    },
    "round-robin": {"movements": ("round-robin", "round-robin-teams")},
    "rover-mitchell": {"movements": ("rover-mitchell", "ns-rover-mitchell", "mitchell-rover")},
    "srr": {
        "movements": (
            "srr",
            "srr-pairs",
            "srr-teams-pairs",
            "mirror-mitchell-halves",
            "mirror-halves",
        )
    },
    "swiss-pairs": {"scoring_methods": ("swiss-pairs", "swiss-pair")},
    "team-events": {
        "scoring_methods": (
            "team-imps",
            "imp-teams",
            "teams-imps",
            "imp-match",
            "board-a-match",
            "bam",
            "b-a-m",
            "bam-vp",
            "bam+vp",
            "b-a-m-vp",
            "board-a-match-vp",
            "knockout",
            "ko",
            "knockout-imps",
        )
    },
    "team-of-pairs": {"movements": ("team-of-pairs", "teams-of-pairs", "team-of-pair")},
    "team-of-pairs-scoring": {
        "scoring_methods": ("team-of-pairs", "teams-of-pairs", "チームオブペア")
    },
    "three-quarter-howell": {
        "movements": ("three-quarter-howell", "3/4-howell", "short-howell", "shortened-howell")
    },
    "top-down": {"pairing_methods": ("top-down", "club-guide")},
    "total-points": {"scoring_methods": ("total-points", "total-point")},
    "twin-mitchell": {"movements": ("twin-mitchell", "mitchell-twin")},
    "vp-scales": {
        "vp_scales": (
            "wbf2013",
            "wbf",
            "wbf-continuous",
            "10-0",
            "12-0",
            "20-0",
            "30-0",
            "40-0",
            "25-0",
            "wbf-25",
            "wbf25",
            "29-0",
            "mccallum-30",
            "mccallum-40",
            "mccallum-50",
            "mccallum-60",
        )
    },
    "web-mitchell": {"movements": ("web-mitchell", "mitchell-web", "spider-web-mitchell")},
}
