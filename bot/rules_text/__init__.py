"""Verdicts from the rulebook's own sentences (issue 14): sentences read into propositions,
an index per edition, and the ``rule_text`` route of ``ask``."""
