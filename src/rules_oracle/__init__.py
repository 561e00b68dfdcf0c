"""The reference rules oracle for tabletop games, under one import name.

``rules_oracle.model`` (the games), ``rules_oracle.properties`` (their invariants),
``rules_oracle.solver`` (the Z3 proofs) and ``rules_oracle.oracle`` (the conformance
checker and the command line) are the folders of the same names beside this file.
"""
