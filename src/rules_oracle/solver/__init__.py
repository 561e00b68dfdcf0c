"""Z3 encodings of each game's numeric projection and the generic provers."""
