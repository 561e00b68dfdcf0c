"""The Catan quick card game (``shared/rules/001_3c19011efb187f5d.txt``)."""
