"""The rules language: parse, check, compile, format, lint and test rule sets.

How a rules file becomes the callables an audit runs (`ruleset.load_ruleset`, then
`engine.compile_ruleset`). Each stage runs only when the stages before it were clean; a stage
that fails raises RulesError with located diagnostics (docs/rules-language.md, "From text to
running rules").

| stage      | code                                  | runs only when           | a problem        |
|------------|---------------------------------------|--------------------------|------------------|
| read       | ruleset.read_rules_text               | -                        | stops the load   |
| guard      | text_guard.check_text                 | the file was read        | stops; all shown |
| parse      | parser.parse_rules: lark, then        | the guard passed         | stops: the first |
|            | text_guard.check_tree, then the AST   |                          | syntax error     |
| compose    | ruleset._load, _apply (each file of   | each file of the chain   | collected, all   |
|            | the `extends` chain), _check_composed | parsed, with a `ruleset` | reported at once |
| type-check | ruleset._type_check: types, typecheck | composing found nothing; | collected        |
|            | (parameters, then rules)              | rules: parameters clean  |                  |
| compile    | engine.compile_ruleset: compiler,     | load_ruleset returned    | none can remain  |
|            | guards, codegen (closures, source,    |                          |                  |
|            | dispatch by event)                    |                          |                  |

What each refuses: read, a file unreadable, too large or not UTF-8; guard, hidden, bidirectional
and control characters and non-ASCII outside strings and comments; parse, syntax errors,
nesting too deep, names beginning with `__`, duplicate rule parts and bad literals; compose,
duplicates, overrides and disables of nothing, `extends` cycles, citations of unknown clauses,
rules without `on` or `require`; type-check, parameter values against their types and every
rule against the facts and the parameters' types.

Beside the pipeline, the tools work on a stage's output: `fmt` and `lint` on a parsed file,
`test` and `coverage` on a loaded rule set.

Modules:
- ast: the syntax tree; spans are left out of equality; comments ride on the file.
- parser: text to tree through the grammar (feltcheck.lark); the only module importing lark.
- text_guard: refuses text that reads differently from how it runs, or is too large or deep.
- diagnostics: a located Diagnostic (file:line:column, caret, hint) and RulesError.
- ruleset: reading a rules file, the `extends` chain composed into a Ruleset, coverage.
- types: the language's types, from the fact vocabulary (checker.replay.facts).
- typecheck: every name, field, call and operator of a rule checked before any input is read.
- units: literal units (money, durations, percentages) and how values show in messages.
- builtins: the fixed table of functions a rule may call.
- compiler: a checked rule into closures, with traces for `explain`.
- codegen: a checked rule, and an event's selected rules, written as one Python function each.
- semantics: what compiler and codegen share (operators, where a value may be unknown).
- guards: the conjuncts of a `when` that depend on few discrete facts (for dispatch).
- engine: a rule set compiled and grouped by event, each event run through its rules.
- formatter: `rules fmt`, the canonical text of a parsed file, comments kept.
- format_safety: `rules fmt` uses a formatted text only when it says what the file says.
- lint: `rules lint`, warnings about rules that check but are likely wrong.
- testing: `rules test`, a rule set's test blocks run against their inputs.
- feltcheck.lark: the grammar, a link to grammar/feltcheck.lark (package data).
"""
