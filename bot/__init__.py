"""Berserk Judge: a rules judge for the collectible card game «Берсерк».

Every conclusion carries the rulebook paragraph(s) it rests on; see docs/architecture.md.
"""

__version__ = "0.1.0"
