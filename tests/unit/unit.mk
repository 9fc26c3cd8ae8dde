# tests/unit/unit.mk - build (and optionally run) the C unit tests.
#
#   make unit                          (top-level Makefile; O, MODE, CC passed on)
#   make -f tests/unit/unit.mk O=build/release MODE=release [CC=clang] [run-unit]
#
# Run from the repository root.  Every tests/unit/test_<x>.c becomes
# $(O)/tests/test_<x>, compiled with the host flags of the build mode
# (sanitizers included in MODE=asan) minus the feature-test macros, which a
# test defines itself if it needs them, and linked with the platform objects,
# $(O)/libvifvm-core.a, -lm and -lz.
#
# A test that stubs runtime functions (and would clash with the full core
# library) names what it links in a FIRST-line comment:
#     // unit-sources: src/gc/heap.c src/core/mem.c tests/unit/helper.c
# It is then linked with exactly those sources, each compiled like in the
# main build (core flags for the core directories, host flags for
# src/platform, src/tools and tests/), instead of the library and the
# platform objects.  build/gen/bootlib_data.c may be listed too.
#
# `run-unit` runs every test binary from the repository root (tests read
# tests/unit/data/... relative to it) and fails if any of them fails.

# Flags, object lists and the object rules come from the main Makefile.
include Makefile

.DEFAULT_GOAL := unit-tests
.PHONY: unit-tests run-unit

UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_NAMES := $(UNIT_SRCS:tests/unit/%.c=%)
UNIT_BINS  := $(UNIT_NAMES:%=$(O)/tests/%)

# source file -> object file, matching the main Makefile's layout
unit_obj = $(patsubst build/gen/%.c,$(O)/obj/gen/%.o,$(patsubst src/%.c,$(O)/obj/src/%.o,$(patsubst tests/%.c,$(O)/obj/tests/%.o,$(1))))
# the unit-sources list of a test file (empty when it has none)
unit_sources_of = $(strip $(subst */,,$(shell sed -n -E '1s@^[[:space:]]*(//|/\*)[[:space:]]*unit-sources:@@p' $(1))))

# Host flags without the feature-test macros: each test defines the ones it
# needs (e.g. #define _POSIX_C_SOURCE 200809L) before its first include.
UNIT_CFLAGS := $(filter-out -D_POSIX_C_SOURCE=% -D_DEFAULT_SOURCE -D_GNU_SOURCE,$(HOST_CFLAGS))

$(O)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(UNIT_CFLAGS) -Isrc -Iinclude -Itests/unit -MMD -MP -c -o $@ $<

define unit_rule
$(O)/tests/$(1): $(O)/obj/tests/unit/$(1).o $(2)
	@mkdir -p $$(@D)
	$$(CC) $$(LDOPT) -o $$@ $$^ -lm -lz -lcapstone -lpcap
endef
$(foreach t,$(UNIT_NAMES),$(eval $(call unit_rule,$(t),$(or \
    $(call unit_obj,$(call unit_sources_of,tests/unit/$(t).c)),\
    $(PLAT_OBJS) $(O)/libvifvm-core.a))))

unit-tests: $(UNIT_BINS)

run-unit: unit-tests
	@rc=0; for t in $(UNIT_BINS); do echo "== $$t"; ./$$t || rc=1; done; exit $$rc
