"""The stable codes of rules-file diagnostics: one per distinct problem, never per wording.

A code is a promise, like file:line:column: tests, editors and scripts may match on it while
messages are reworded. `lint/` codes are warnings of `feltcheck rules lint`; the others are
errors that refuse a rules file. docs/rules-language.md ("Errors and warnings") has a row per
code (tests/test_dsl_codes.py keeps the two in step, and checks every code is used).
"""

from enum import StrEnum


class Code(StrEnum):
    # Reading the file and guarding its text (checker/dsl/ruleset.py, text_guard.py).
    UNREADABLE = "unreadable"
    NOT_UTF8 = "not-utf8"
    TOO_LARGE = "too-large"
    HIDDEN_CHARACTER = "hidden-character"
    NON_ASCII_NAME = "non-ascii-name"
    RESERVED_NAME = "reserved-name"
    TOO_DEEP = "too-deep"
    # Parsing (checker/dsl/parser.py).
    SYNTAX = "syntax"
    DUPLICATE_PART = "duplicate-part"
    PERCENT_PRECISION = "percent-precision"
    # Composing the rule set (checker/dsl/ruleset.py).
    MISSING_HEADER = "missing-header"
    DUPLICATE_HEADER = "duplicate-header"
    EXTENDS_MISSING = "extends-missing"
    EXTENDS_CYCLE = "extends-cycle"
    DUPLICATE_CLAUSE = "duplicate-clause"
    DUPLICATE_PARAM = "duplicate-param"
    DUPLICATE_RULE = "duplicate-rule"
    OVERRIDE_MISSING = "override-missing"
    DISABLE_MISSING = "disable-missing"
    MISSING_CITATION = "missing-citation"
    UNKNOWN_CLAUSE = "unknown-clause"
    MISSING_PART = "missing-part"
    # Types of parameters (checker/dsl/types.py, typecheck.py).
    UNKNOWN_TYPE = "unknown-type"
    BAD_ITEM_TYPE = "bad-item-type"
    BAD_PARAM_VALUE = "bad-param-value"
    # Rules against the fact vocabulary (checker/dsl/typecheck.py).
    UNKNOWN_EVENT = "unknown-event"
    UNKNOWN_PLAY = "unknown-play"
    DUPLICATE_PLAY = "duplicate-play"
    NOT_A_HAND_EVENT = "not-a-hand-event"
    UNKNOWN_RECORD = "unknown-record"
    REDEFINED_NAME = "redefined-name"
    UNKNOWN_NAME = "unknown-name"
    UNKNOWN_FIELD = "unknown-field"
    NOT_A_FACT = "not-a-fact"
    UNKNOWN_PARAMETER = "unknown-parameter"
    UNKNOWN_FUNCTION = "unknown-function"
    ARGUMENT_COUNT = "argument-count"
    TYPE_MISMATCH = "type-mismatch"
    # Warnings of `feltcheck rules lint` (checker/dsl/lint.py).
    LINT_NO_TITLE = "lint/no-title"
    LINT_NO_MESSAGE = "lint/no-message"
    LINT_NO_SEVERITY = "lint/no-severity"
    LINT_CONSTANT_WHEN = "lint/constant-when"
    LINT_CONSTANT_REQUIRE = "lint/constant-require"
    LINT_UNUSED_LET = "lint/unused-let"
    LINT_UNUSED_PARAM = "lint/unused-param"
    LINT_CITES_UNCHECKED = "lint/cites-unchecked"
    LINT_EMPTY_REASON = "lint/empty-reason"
    LINT_RULE_ID_STYLE = "lint/rule-id-style"
    LINT_DUPLICATE_TEST = "lint/duplicate-test"
    LINT_CONFLICTING_EXPECTS = "lint/conflicting-expects"


# What each code means, in one line (the docs' table says more: an example and the fix).
MEANINGS: dict[Code, str] = {
    Code.UNREADABLE: "the rules file cannot be read",
    Code.NOT_UTF8: "the rules file is not UTF-8 text",
    Code.TOO_LARGE: "the file is larger than a rules file can be",
    Code.HIDDEN_CHARACTER: "a bidirectional control, invisible or control character",
    Code.NON_ASCII_NAME: "a non-ASCII character outside a string or a comment",
    Code.RESERVED_NAME: "a name beginning with `__` (reserved to Python)",
    Code.TOO_DEEP: "an expression nested deeper than the loader reads",
    Code.SYNTAX: "the text does not follow the grammar (a message placeholder included)",
    Code.DUPLICATE_PART: "a rule part, or an expect's hand or action, written twice",
    Code.PERCENT_PRECISION: "a percentage finer than 0.01%",
    Code.MISSING_HEADER: "the file does not start with `ruleset NAME \"title\"`",
    Code.DUPLICATE_HEADER: "`ruleset` or `extends` written twice in one file",
    Code.EXTENDS_MISSING: "`extends` names neither a file nor a bundled rule set",
    Code.EXTENDS_CYCLE: "the `extends` chain comes back to a file it left",
    Code.DUPLICATE_CLAUSE: "a clause declared twice in the rule set",
    Code.DUPLICATE_PARAM: "a parameter declared twice in the rule set",
    Code.DUPLICATE_RULE: "a rule id declared twice in the rule set",
    Code.OVERRIDE_MISSING: "`override` of a rule or parameter no file of the set declares",
    Code.DISABLE_MISSING: "`disable rule` of a rule no file of the set declares",
    Code.MISSING_CITATION: "a rule that cites no clause",
    Code.UNKNOWN_CLAUSE: "a citation or `unchecked` of a clause the source does not have",
    Code.MISSING_PART: "a rule without its `on` or its `require`",
    Code.UNKNOWN_TYPE: "a parameter's declared type does not exist",
    Code.BAD_ITEM_TYPE: "`list` without one item type, or another type given one",
    Code.BAD_PARAM_VALUE: "a parameter value that is none or not a literal",
    Code.UNKNOWN_EVENT: "`on` names an event that does not exist",
    Code.UNKNOWN_PLAY: "`applies to` names a kind of play that does not exist",
    Code.DUPLICATE_PLAY: "`applies to` names a kind of play twice",
    Code.NOT_A_HAND_EVENT: "`applies to` or `at` on an event that does not come from a hand",
    Code.UNKNOWN_RECORD: "`at` names a record other than seat, player or post",
    Code.REDEFINED_NAME: "a let or a quantifier variable reuses a name already in scope",
    Code.UNKNOWN_NAME: "a name that is not in scope nor a member of the enum expected there",
    Code.UNKNOWN_FIELD: "a fact has no field of that name",
    Code.NOT_A_FACT: "a field read from a value that is not a fact (a number, a list)",
    Code.UNKNOWN_PARAMETER: "`param.X` of a parameter the rule set does not declare",
    Code.UNKNOWN_FUNCTION: "a call of a function that is not a built-in",
    Code.ARGUMENT_COUNT: "a built-in called with the wrong number of arguments",
    Code.TYPE_MISMATCH: "a value of the wrong type for where it stands",
    Code.LINT_NO_TITLE: "a rule without `title`",
    Code.LINT_NO_MESSAGE: "a rule without `message`",
    Code.LINT_NO_SEVERITY: "a rule without `severity` (it defaults to error)",
    Code.LINT_CONSTANT_WHEN: "a `when` that does not depend on the event or a parameter",
    Code.LINT_CONSTANT_REQUIRE: "a `require` that does not depend on the event or a parameter",
    Code.LINT_UNUSED_LET: "a `let` nothing later in its rule reads",
    Code.LINT_UNUSED_PARAM: "a parameter no rule of its file, nor the engine, reads",
    Code.LINT_CITES_UNCHECKED: "a rule citing a clause its file declares `unchecked`",
    Code.LINT_EMPTY_REASON: "an `unchecked` with an empty reason",
    Code.LINT_RULE_ID_STYLE: "a rule id not in group.name-with-dashes style",
    Code.LINT_DUPLICATE_TEST: "two tests with the same name",
    Code.LINT_CONFLICTING_EXPECTS: "expectations of one test that cannot all hold",
}

# Every code as written in a diagnostic.
REGISTERED: frozenset[str] = frozenset(code.value for code in Code)
