"""Tysiacha (*Die vier Mariagen*, the Russian marriage game): docs/tysiacha.md.

Its own package beside the Mariáš machinery, as Mustamaija is: it reuses the cards
(``analyzer.cards``) and the C core's card layout; its search is cext/tysiacha.c.
"""
