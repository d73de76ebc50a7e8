# The two set-up commands (README):
#   make example   installs what is missing, builds, runs examples/quickstart.py
#   make test      the same, then runs every test (lit + pytest)
# Both work on a fresh Debian 12 machine as root (or with sudo).

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
DEB_PACKAGES := libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools ccache ninja-build
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export TF_CPP_MIN_LOG_LEVEL := 1
# ccache hits across clones in different directories (CI uses a fresh one).
export CCACHE_BASEDIR := $(CURDIR)
export PATH := $(CURDIR)/$(VENV)/bin:/usr/lib/llvm-22/bin:$(PATH)

.PHONY: example test build system-deps python-deps lit pytest \
	pytest-xla-defaults fuzz fuzz-smoke \
	bench dev clean

example: build
	$(VPY) examples/quickstart.py

test: build lit pytest fuzz-smoke

system-deps:
	@missing=$$(for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

$(VENV)/.deps: pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q "jaxlib==0.10.2" numpy ml_dtypes \
	  "scikit-build-core>=0.10" "nanobind>=2.0" pytest pytest-xdist "hypothesis==6.170.17" lit \
	  "jax==0.10.2"
	touch $@

python-deps: $(VENV)/.deps

# Incremental: scikit-build-core keeps build/<wheel tag>, ccache the objects.
build: system-deps python-deps
	$(VPY) -m pip install -q --no-build-isolation --no-deps .

lit:
	lit -q test/lit

# One worker per core: most of the time goes to XLA compiles.
pytest:
	$(VPY) -m pytest -q -p no:cacheprovider -n auto test/python

# The same tests with XLA's default code generation (conftest.py lowers it
# for speed): slower; run before a release or after changing the lowering.
pytest-xla-defaults:
	XLA_FLAGS= $(VPY) -m pytest -q -p no:cacheprovider -n auto test/python

# Mutation fuzzing of jxp's compiler (test/fuzz/fuzz_jxp_opt.py): any
# crash, hang, pass producing invalid IR, StableHLO jaxlib rejects or XLA
# fails to compile fails the target, with reproducers in test/fuzz/findings.
# `make fuzz` runs long (FUZZ_RUNS mutants); `make test` runs a fixed-seed
# smoke of a few minutes.
FUZZ_RUNS ?= 100000
FUZZ_SEED ?= 0
FUZZ_JOBS ?= 2
fuzz: build
	$(VPY) test/fuzz/fuzz_jxp_opt.py --runs $(FUZZ_RUNS) --seed $(FUZZ_SEED) \
	  --jobs $(FUZZ_JOBS) --progress 5000

fuzz-smoke:
	$(VPY) test/fuzz/fuzz_jxp_opt.py --runs 8000 --seed smoke --jobs 2 \
	  --progress 2000

bench: build
	$(VPY) bench/bench_jit.py
	$(VPY) bench/bench_grad.py
	$(VPY) bench/bench_threefry.py
	$(VPY) bench/soak_memory.py
	$(VPY) bench/soak_threads.py

# A developer build in build/dev, linked into python/ (PYTHONPATH=python).
dev: system-deps
	cmake -S . -B build/dev -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  -DJXP_ENABLE_PYTHON=ON -DPython_EXECUTABLE=$$(command -v $(PYTHON))
	ninja -C build/dev
	ln -sf ../../build/dev/python/$$(cd build/dev/python && ls _jxp*.so) python/jxp/
	ln -sf ../../../build/dev/dialects/_jxp_ops_gen.py python/jxp/_mlir/

clean:
	rm -rf build $(VENV)
