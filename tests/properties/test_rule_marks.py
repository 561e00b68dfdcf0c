"""The suite rejects ``@pytest.mark.rules`` ids that no game registers."""

from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parent.parent / "conftest.py"


def test_unknown_rule_ids_fail_the_test(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8").replace(
        'pytest_plugins = ["pytester"]', ""))
    pytester.makeini("[pytest]\nmarkers =\n    rules(*ids): rule ids\n")
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.rules("toy/move.within-roll")
        def test_known():
            pass

        @pytest.mark.rules("toy/move.within-roll", "toy/no-such-rule")
        def test_unknown():
            pass
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:rules_oracle", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*unregistered id(s): toy/no-such-rule*"])
