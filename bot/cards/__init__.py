"""A card database the user brings (issue 15): import (``bot.cards.importer``), the
store table (``bot.cards.db``), name lookup and card names in questions
(``bot.cards.index``), and a card as an answer (``bot.cards.answer``).

Card texts belong to the publisher: nothing here ships them; every code and word of
the formats lives in grammar/card_formats.yaml.
"""
