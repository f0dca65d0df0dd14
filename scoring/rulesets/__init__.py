"""One module (or package) per rule set, each defining RULESET (or RULESETS); discovered by
`scoring.ruleset.all_rulesets`."""
