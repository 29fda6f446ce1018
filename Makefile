# Two commands matter: `make run` (audit the bundled hand histories) and `make test`.
# The interpreter .venv is made from: an optimised CPython build where there is one
# (tools/venv_python.py says why; ~17 % of the audit's CPU on this machine). `make
# PYTHON=...` picks another; an existing .venv keeps its own until it is removed.
PYTHON ?= $(or $(shell python3 tools/venv_python.py),python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
# The compiled hot path (checker/native.py): rebuilt when a compiled module's source changes.
NATIVE_SOURCES := $(shell sed -n 's/^    "\(checker\/[a-z_/]*\.py\)",$$/\1/p' checker/native.py)
# What the bundled rule sets' typed rules are written from (checker/dsl/native_rules.py; the
# built-in functions it copies).
NATIVE_RULES := checker/dsl/codegen.py checker/dsl/native_rules.py checker/dsl/builtins.py \
	$(wildcard checker/rulesets/*.rules)
STAMP_ACCEL := checker/_native_manifest.json
# The bundled rules files' syntax trees, kept so that loading them skips the parse
# (checker/dsl/parsed_trees.py), and what makes them.
TREES := checker/rulesets/parsed_trees.json
TREE_SOURCES := $(wildcard checker/rulesets/*.rules) grammar/feltcheck.lark \
	$(addprefix checker/dsl/,parser.py ast.py text_guard.py units.py parsed_trees.py)

.PHONY: run test lint typecheck unit bench bench-collusion bench-throughput mutation fuzz accel pure clean \
	browser bytecode

$(BIN)/python:
	@python="$(PYTHON)"; echo "creating $(VENV) from $$python"; $$python -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

# Profile-guided (PGO=1, the default): the group is compiled instrumented, audits a training
# corpus (checker/native_training.py says which and why), and is compiled again with the counts
# that run left in build/ (~7 % less CPU on the MTT log, ~5 % on the text; docs/performance.md).
# PGO=0: one plain compile. Each compile starts from an empty mypy cache of its own and no
# objects: mypyc, finding every module cached from the compile before, writes no C and leaves
# out the runtime's files the group needs (an undefined `VecI64Api` at import).
PGO ?= 1
# Every compile: calls between the group's own functions bound inside the library, as CPython
# builds libpython (a shared library's global functions may otherwise be replaced by another
# library's at load time, so gcc neither inlines them nor calls them directly): ~3-4 % less
# CPU on top of the profile (docs/performance.md).
GROUP_CFLAGS := -fno-semantic-interposition
PGO_GENERATE := -fprofile-generate -fprofile-update=single
PGO_USE := -fprofile-use -fprofile-partial-training -fprofile-correction -Wno-missing-profile
MYPYC_CACHE := build/mypyc-cache
# $(call compile_group,CFLAGS): the group compiled with those flags.
compile_group = rm -rf $(MYPYC_CACHE) build/lib.* && { find build -name '*.o' -delete 2>/dev/null; \
	CFLAGS="$(1)" MYPY_CACHE_DIR=$(MYPYC_CACHE) FELTCHECK_COMPILE=1 \
	$(BIN)/python setup.py -q build_ext --inplace; }

$(STAMP_ACCEL): setup.py checker/native.py $(NATIVE_SOURCES) $(wildcard checker/*.c) $(NATIVE_RULES) checker/native_training.py | $(STAMP_TEST)
	find checker -name '*.so' -delete
	rm -f $(STAMP_ACCEL) checker/rulesets/native_*.py
	$(BIN)/python -m checker.dsl.native_rules
ifeq ($(PGO),1)
	find build -name '*.gcda' -delete 2>/dev/null; true
	$(call compile_group,$(CFLAGS) $(GROUP_CFLAGS) $(PGO_GENERATE))
	$(BIN)/python -m checker.native_training
	find checker -name '*.so' -delete
	rm -f $(STAMP_ACCEL)
	$(call compile_group,$(CFLAGS) $(GROUP_CFLAGS) $(PGO_USE))
else
	$(call compile_group,$(CFLAGS) $(GROUP_CFLAGS))
endif

accel: $(STAMP_ACCEL) $(TREES) bytecode

# The package's Python modules compiled to bytecode (__pycache__), as pip does when it
# installs: an environment with PYTHONDONTWRITEBYTECODE set (this machine's) otherwise
# compiles every module that is not a C extension from source at every start (~0.08 s).
# Only what changed is compiled again.
bytecode: | $(STAMP_TEST)
	$(BIN)/python -m compileall -q checker

$(TREES): $(TREE_SOURCES) | $(STAMP_ACCEL)
	$(BIN)/python -m checker.dsl.parsed_trees

pure:
	find checker -name '*.so' -delete
	rm -f checker/rulesets/native_*.py $(TREES)
	rm -rf build $(STAMP_ACCEL)

run: $(STAMP_ACCEL) $(TREES) bytecode
	$(BIN)/feltcheck audit hand_histories/ --rules rules/fulltilt.rules --format text --fail-on never

lint: $(STAMP_TEST)
	$(BIN)/ruff check checker tests benchmarks mutation fuzz tools setup.py

typecheck: $(STAMP_TEST)
	$(BIN)/mypy

# The HTML pages are tested in a real headless Chromium (Debian's package). Installed when
# missing; where it cannot be (no root, no apt), the browser tests skip loudly — except under
# CI=true, where they fail.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { echo "installing Debian's chromium for the HTML page tests"; \
	    (DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 || \
	     { DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1 && \
	       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1; }) || \
	    echo "could not install chromium: the browser tests will skip (and fail under CI=true)"; }

# On every core (pytest-xdist), a test file's tests on one worker: its module fixtures (the
# simulated corpora) are made once.
unit: $(STAMP_ACCEL) $(TREES) bytecode browser
	$(BIN)/pytest -q -p no:cacheprovider -n auto --dist loadfile

test: lint typecheck unit

bench: $(STAMP_ACCEL) $(TREES) bytecode
	$(BIN)/python benchmarks/bench_read.py
	$(BIN)/python benchmarks/bench_audit.py
	$(BIN)/python benchmarks/bench_logs.py

# Clause 28's benchmark (docs/collusion.md): writes the corpora of the evaluation seeds
# (EVALUATION_SEEDS in benchmarks/collusion/corpus.py; a seed is about 5 GB, 11 min to write
# its logs and 25 min to score both views) to
# BENCH_DIR and scores them; the figures go in docs/collusion.md by hand.
BENCH_DIR ?= /tmp/feltcheck-collusion
BENCH_SEEDS ?= 101 102
bench-collusion: $(STAMP_ACCEL) $(TREES) bytecode
	$(BIN)/python benchmarks/collusion/corpus.py $(BENCH_DIR) --seeds $(BENCH_SEEDS)
	for seed in $(BENCH_SEEDS); do \
	  $(BIN)/python benchmarks/collusion/score.py $(BENCH_DIR)/seed-$$seed \
	    --json $(BENCH_DIR)/seed-$$seed.json > /dev/null || exit 1; done

# Issue 17's throughput benchmark (docs/performance.md, "Throughput against PokerKit"): the
# simulator's NL hold'em Sit & Go and MTT corpora at 9 and 6 seats (THROUGHPUT_SIZES hands each,
# Full Tilt text and log) and copies of the real PHH file, written to THROUGHPUT_DIR and reused;
# feltcheck's whole audit process per job count (THROUGHPUT_JOBS, N = every core) and on a Dask
# LocalCluster of 2 workers, against PokerKit 0.7.7 replaying the same hands strictly; then the
# memory mode (THROUGHPUT_MEMORY_SIZES, one job, clean and with a fault about every hundredth
# hand). Not part of `make test`: hours at the default sizes (PokerKit replays about 500-1,300
# hands/s).
THROUGHPUT_DIR ?= /tmp/feltcheck-throughput
THROUGHPUT_SIZES ?= 100000 1000000
THROUGHPUT_JOBS ?= 1,2,N
THROUGHPUT_MEMORY_SIZES ?= 10000 100000 1000000
bench-throughput: $(STAMP_ACCEL) $(TREES) bytecode
	PYTHONPATH=. $(BIN)/python -m benchmarks.throughput --work $(THROUGHPUT_DIR) \
	  --sizes $(THROUGHPUT_SIZES) --jobs $(THROUGHPUT_JOBS) --json $(THROUGHPUT_DIR)/throughput.json
	PYTHONPATH=. $(BIN)/python -m benchmarks.throughput --work $(THROUGHPUT_DIR) --memory \
	  --memory-sizes $(THROUGHPUT_MEMORY_SIZES) --json $(THROUGHPUT_DIR)/memory.json

# Issue 16's mutation campaign (docs/testing.md): a seeded sample of Cosmic Ray's mutants of
# checker/replay and checker/dsl, each tested by the tests that run its line, on every core, in
# scratch checkouts of HEAD under MUTATION_DIR (pure Python: mutants of compiled modules must
# run as source). About two hours for 400 mutants on 2 cores; the figures go in docs/testing.md.
MUTATION_DIR ?= ../feltcheck-mutation
MUTATION_SAMPLE ?= 400
MUTATION_SEED ?= 16
mutation: | $(STAMP_TEST)
	$(BIN)/python -m pip install --quiet -e '.[test,mutation]'
	$(BIN)/python -m mutation.campaign all --dir $(MUTATION_DIR) \
	  --sample $(MUTATION_SAMPLE) --seed $(MUTATION_SEED)

# Issue 18's fuzz campaign (docs/reliability.md): atheris (libFuzzer) on every reader and the
# rules parser, FUZZ_RUNS inputs each, on every core, seeds drawn by FUZZ_SEED from the corpora
# beside the repository; working corpora, logs and crash files under FUZZ_DIR. Pure Python
# (`make pure` first): compiled modules cannot be instrumented. About an hour on 2 cores.
FUZZ_DIR ?= ../feltcheck-fuzz
FUZZ_RUNS ?= 1000000
FUZZ_SEED ?= 18
fuzz: pure | $(STAMP_TEST)
	$(BIN)/python -m pip install --quiet -e '.[test,fuzz]'
	PYTHONPATH=. $(BIN)/python -m fuzz.campaign $(FUZZ_DIR) --runs $(FUZZ_RUNS) --seed $(FUZZ_SEED)

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache .pytest_cache $(STAMP_ACCEL)
	find checker -name '*.so' -delete
