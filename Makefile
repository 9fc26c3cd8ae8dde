# vifvm - top-level build.
#
#   make            release build: build/release/vifvm
#   make asan       ASan+UBSan build: build/asan/vifvm
#   make test       everything the test suite runs (see tests/run_tests.sh)
#   make bench      benchmarks (bench/run.sh)
#   make CC=clang   any target with clang
#
# The core (src/core, src/classfile, src/interp, src/gc, src/runtime,
# src/jit, src/verify, src/api: CORE_DIRS) is always compiled freestanding:
# -ffreestanding -nostdinc with only the compiler's own include directory,
# so a libc header in the core is a build error.  `make check-freestanding`
# also checks the core objects reference no libc symbol.

CC      ?= cc
JAVAC   ?= javac
O       ?= build/release
MODE    ?= release

WARN    := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wvla
STD     := -std=c11
ifeq ($(MODE),asan)
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDOPT   := -fsanitize=address,undefined
else ifeq ($(MODE),debug)
OPT     := -O0 -g
LDOPT   :=
else
OPT     := -O2 -g
LDOPT   :=
endif

CC_INC  := $(shell $(CC) -print-file-name=include)
CORE_CFLAGS := $(STD) $(WARN) $(OPT) -ffreestanding -nostdinc -isystem $(CC_INC) \
               -fno-strict-aliasing -fwrapv -fno-math-errno -fno-trapping-math
HOST_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(OPT) \
               -fno-strict-aliasing

# Capstone (disassembly for vifvm --jit-disasm): used when pkg-config finds
# it, unless CAPSTONE=0.  Only the tool objects see VIFVM_HAVE_CAPSTONE.
CAPSTONE ?= $(shell pkg-config --exists capstone 2>/dev/null && echo 1)
ifeq ($(CAPSTONE),1)
CAPSTONE_CFLAGS := -DVIFVM_HAVE_CAPSTONE $(shell pkg-config --cflags capstone)
CAPSTONE_LIBS   := $(shell pkg-config --libs capstone)
endif

CORE_DIRS := src/core src/classfile src/interp src/gc src/runtime src/jit src/verify src/api
CORE_SRCS := $(foreach d,$(CORE_DIRS),$(wildcard $(d)/*.c))
PLAT_SRCS := $(wildcard src/platform/posix/*.c)

CORE_OBJS := $(CORE_SRCS:%.c=$(O)/obj/%.o)
PLAT_OBJS := $(PLAT_SRCS:%.c=$(O)/obj/%.o)
GEN_OBJ   := $(O)/obj/gen/bootlib_data.o

# ---- the embedded Java class library ------------------------------------
# Sources written by hand (src/lib/java) and made by the generators in
# src/lib/gen (the per-primitive-type twins: Arrays, ArraysSort and the
# primitive streams, into build/gen/lib-java; not committed).
LIB_GEN_DIR := build/gen/lib-java
LIB_GEN_ARRAYS  := $(addprefix $(LIB_GEN_DIR)/java/util/,Arrays.java ArraysSort.java)
LIB_GEN_STREAMS := $(foreach t,Int Long Double,$(LIB_GEN_DIR)/java/util/stream/$(t)Stream.java \
                     $(LIB_GEN_DIR)/java/util/stream/$(t)Pipeline.java)
LIB_JAVA    := $(shell find src/lib/java -name '*.java' 2>/dev/null | sort) $(LIB_GEN_ARRAYS) $(LIB_GEN_STREAMS)
LIB_CLASSES := build/lib-classes
LIB_STAMP   := build/lib-classes.stamp
EMBED_TOOL  := build/host/embed_classes

.PHONY: all asan debug test bench clean check-freestanding check-boundary fuzz unit vif-api
all: $(O)/vifvm $(O)/libvifvm-core.a $(O)/vifd $(O)/vifctl $(O)/pktgen_pcap vif-api

$(LIB_GEN_ARRAYS) &: src/lib/gen/gen_arrays.py
	python3 $< $(LIB_GEN_DIR)
$(LIB_GEN_STREAMS) &: src/lib/gen/gen_streams.py
	python3 $< $(LIB_GEN_DIR)

$(LIB_STAMP): $(LIB_JAVA)
	@rm -rf $(LIB_CLASSES) && mkdir -p $(LIB_CLASSES)
	$(JAVAC) -source 8 -target 8 -Xlint:-options -encoding UTF-8 -nowarn \
	    -bootclasspath $(LIB_CLASSES) -sourcepath src/lib/java:$(LIB_GEN_DIR) \
	    -d $(LIB_CLASSES) $(LIB_JAVA)
	@touch $@

$(EMBED_TOOL): src/tools/embed_classes.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -Wall -Wextra -Werror -o $@ $< -lz

build/gen/bootlib_data.c: $(LIB_STAMP) $(EMBED_TOOL)
	@mkdir -p $(dir $@)
	$(EMBED_TOOL) $(LIB_CLASSES) $@

$(GEN_OBJ): build/gen/bootlib_data.c
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) -Isrc -c -o $@ $<

# ---- objects --------------------------------------------------------------
$(O)/obj/src/platform/%.o: src/platform/%.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -Isrc -MMD -MP -c -o $@ $<

# Hosts (src/datapath, src/tools, a future src/kmod, the fuzz harnesses
# and test tools) see only the public API (include/), the platforms'
# headers and their own folder: a private core header does not compile
# there, and `make check-boundary` also checks every header they pull in.
HOST_INC := -Iinclude -Isrc/platform

$(O)/obj/src/tools/%.o: src/tools/%.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(CAPSTONE_CFLAGS) $(HOST_INC) -MMD -MP -c -o $@ $<

$(O)/obj/src/datapath/%.o: src/datapath/%.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) $(HOST_INC) -MMD -MP -c -o $@ $<

# JIT_CFLAGS: extra flags for the JIT's objects only (src/jit), e.g.
# JIT_CFLAGS=-Os to measure the compiler's code size against its speed
$(O)/obj/src/jit/%.o: src/jit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) $(JIT_CFLAGS) -Isrc -MMD -MP -c -o $@ $<

$(O)/obj/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CORE_CFLAGS) -Isrc -MMD -MP -c -o $@ $<

$(O)/libvifvm-core.a: $(CORE_OBJS) $(GEN_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(O)/vifvm: $(O)/obj/src/tools/vifvm_main.o $(O)/obj/src/tools/jit_observe.o $(PLAT_OBJS) \
             $(O)/libvifvm-core.a
	$(CC) $(LDOPT) -o $@ $^ $(CAPSTONE_LIBS) -lm

# ---- the datapath (host code: libc + libpcap) ------------------------------
DP_SRCS := $(wildcard src/datapath/*.c)
DP_OBJS := $(DP_SRCS:%.c=$(O)/obj/%.o)

$(O)/vifd: $(O)/obj/src/tools/vifd_main.o $(O)/obj/src/tools/jit_observe.o $(DP_OBJS) $(PLAT_OBJS) \
           $(O)/libvifvm-core.a
	$(CC) $(LDOPT) -pthread -o $@ $^ -lpcap $(CAPSTONE_LIBS) -lm

# the operator's tool for vifd's injection directory and the kernel's /proc/vifvm
# (stats, top, add, load, log, del, filter, owner; libpcap compiles filters)
$(O)/vifctl: $(O)/obj/src/tools/vifctl.o
	$(CC) $(LDOPT) -o $@ $^ -lpcap

# the tc plugin for the kernel's vifvm qdisc: `tc -s qdisc show` prints the
# VIFlet, owner, state and counters (src/kmod/vifvm_uapi.h); tc dlopens it
all: $(O)/q_vifvm.so
$(O)/q_vifvm.so: src/tools/tc_q_vifvm.c src/kmod/vifvm_uapi.h
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -fPIC -shared -o $@ $<

# deterministic test-capture generator (writes pcap files itself)
$(O)/pktgen_pcap: $(O)/obj/src/tools/pktgen_pcap.o
	$(CC) $(LDOPT) -o $@ $^

# the VIFlet API for users' javac: javac -cp build/vif-api.jar MyVIFlet.java;
# its documentation (javadoc with -Xdoclint:all -Werror, so a public or
# protected member without a full comment fails the build) in
# build/vif-api-doc/, and its sources for IDEs in build/vif-api-sources.jar.
# tests/api/doc_complete.sh checks the documentation.
VIF_API_JAR := build/vif-api.jar
VIF_API_SRCS := $(filter-out %/Datapath.java,$(sort $(wildcard src/lib/java/vif/*.java)))
VIF_API_DOC := build/vif-api-doc
JAVADOC ?= javadoc
vif-api: $(VIF_API_JAR) build/vif-api-sources.jar $(VIF_API_DOC)/index.html
$(VIF_API_JAR): $(LIB_STAMP)
	@rm -f $@
	cd $(LIB_CLASSES) && jar cf ../vif-api.jar.tmp $$(ls vif/*.class | grep -v /Datapath) && mv ../vif-api.jar.tmp ../vif-api.jar
build/vif-api-sources.jar: $(VIF_API_SRCS)
	@mkdir -p build && rm -f $@ $@.tmp
	cd src/lib/java && jar cf $(CURDIR)/$@.tmp $(VIF_API_SRCS:src/lib/java/%=%)
	mv $@.tmp $@
$(VIF_API_DOC)/index.html: $(VIF_API_SRCS)
	@rm -rf $(VIF_API_DOC) $(VIF_API_DOC).tmp
	$(JAVADOC) -quiet -Xdoclint:all -Werror -notimestamp -encoding UTF-8 \
	    -windowtitle 'vifvm VIFlet API' -doctitle 'vifvm VIFlet API: package vif' \
	    -d $(VIF_API_DOC).tmp $(VIF_API_SRCS)
	mv $(VIF_API_DOC).tmp $(VIF_API_DOC)

asan:
	$(MAKE) MODE=asan O=build/asan all
debug:
	$(MAKE) MODE=debug O=build/debug all

# Core objects may only reference these external symbols (compiler
# builtins the freestanding C standard permits).
check-freestanding: $(O)/libvifvm-core.a
	@nm -u $(O)/libvifvm-core.a | awk 'NF==2{print $$2}' | sort -u > $(O)/core.undef
	@nm --defined-only $(O)/libvifvm-core.a | awk 'NF==3{print $$3}' | sort -u > $(O)/core.def
	@bad=$$(comm -23 $(O)/core.undef $(O)/core.def | \
	    grep -v -E '^(memcpy|memset|memmove|memcmp|__(asan|ubsan|sanitizer)_.*)$$' || true); \
	if [ -n "$$bad" ]; then echo "core references non-freestanding symbols:"; echo "$$bad"; exit 1; \
	else echo "freestanding check: ok (core references only mem* builtins)"; fi
	@# the kernel build too (issue 13): check-kmod (no libc, no FP outside the
	@# core, one entry file) and its self-test; built by the kernel's own make
	@# and compiler, so not under CC=clang, and without this make's O=/CC=
	@if [ ! -f $(KDIR)/Makefile ]; then echo "SKIP: check-freestanding/kmod: no kernel headers at $(KDIR)"; \
	elif [ "$(notdir $(firstword $(CC)))" = clang ]; then echo "freestanding check: kernel objects: checked by the gcc run"; \
	else MAKEFLAGS= MAKEOVERRIDES= make -s check-kmod KDIR=$(KDIR) && scripts/check-kmod.sh --selftest; fi

# The API boundary: every host source (the fuzz harnesses and test tools
# too) is compiled with only HOST_INC (so `#include "runtime/vm.h"` fails,
# and so does a use of the VM's insides), and the headers it pulls in
# (relative "../" includes too) must all lie outside the private folders.  Then
# two negative tests prove the check bites: a host file including a private
# header by its -I name must not compile, and one including it by a
# relative path must be caught by the dependency scan.
BOUNDARY_SRCS := $(wildcard src/datapath/*.c src/tools/*.c tests/fuzz/*.c \
                   tests/jit/jitvm.c tests/datapath/*.c)
# The kernel module's files cannot be compiled with the host's flags (they
# need the kernel's headers): their quoted includes are checked by name.
KMOD_HOST_FILES := $(wildcard src/kmod/*.[ch] src/platform/kernel/*.[ch])
KMOD_HOST_FILES := $(filter-out src/platform/kernel/core_prelude.h,$(KMOD_HOST_FILES))
BOUNDARY_PRIVATE := src/core/ src/classfile/ src/interp/ src/gc/ src/runtime/ src/jit/ \
                    src/verify/ src/api/
check-boundary:
	@mkdir -p $(O)/boundary
	@bad=0; for f in $(filter-out src/tools/embed_classes.c,$(BOUNDARY_SRCS)); do \
	    if ! out=$$($(CC) $(HOST_CFLAGS) $(CAPSTONE_CFLAGS) $(HOST_INC) -I$$(dirname $$f) -fsyntax-only \
	            -MD -MF $(O)/boundary/deps.d $$f 2>&1); then \
	        echo "boundary: $$f does not compile with the public include path:"; echo "$$out" | head -5; bad=1; continue; fi; \
	    deps=$$(cat $(O)/boundary/deps.d); \
	    for p in $(BOUNDARY_PRIVATE); do \
	        hit=$$(echo "$$deps" | tr ' \\' '\n\n' | grep -E "(^|/)$$p" | grep -v '^$$' | head -1); \
	        if [ -n "$$hit" ]; then echo "boundary: $$f includes private header $$hit"; bad=1; fi; \
	    done; \
	done; \
	printf '#include "runtime/vm.h"\nint main(void) { return 0; }\n' > $(O)/boundary/neg1.c; \
	if $(CC) $(HOST_CFLAGS) $(HOST_INC) -fsyntax-only $(O)/boundary/neg1.c 2>/dev/null; then \
	    echo "boundary: negative test 1 FAILED: a private -I include compiled"; bad=1; fi; \
	printf '#include "../../../src/runtime/vm.h"\nint main(void) { return 0; }\n' > $(O)/boundary/neg2.c; \
	deps=$$($(CC) $(HOST_CFLAGS) $(HOST_INC) -MM $(O)/boundary/neg2.c 2>/dev/null); \
	if ! echo "$$deps" | tr ' ' '\n' | grep -q 'src/runtime/'; then \
	    echo "boundary: negative test 2 FAILED: a relative private include went unseen"; bad=1; fi; \
	for f in $(KMOD_HOST_FILES); do \
	    for inc in $$(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' $$f); do \
	        case "$$inc" in vifvm*.h|platform/kernel/*) continue ;; esac; \
	        [ -f "$$(dirname $$f)/$$inc" ] && case "$$inc" in */*) ;; *) continue ;; esac; \
	        echo "boundary: $$f includes \"$$inc\" (kernel host files may include only include/vifvm*.h, src/platform/kernel and their own folder)"; bad=1; \
	    done; \
	done; \
	if [ $$bad = 0 ]; then echo "boundary check: ok (hosts use only include/ and platform headers; both negative tests refused)"; \
	else exit 1; fi

# ---- tests ----------------------------------------------------------------
unit: $(O)/libvifvm-core.a $(PLAT_OBJS)
	$(MAKE) -f tests/unit/unit.mk O=$(O) MODE=$(MODE) CC=$(CC)

test:
	tests/run_tests.sh

bench: all
	bench/run.sh

fuzz:
	tests/fuzz/run_fuzz.sh

clean:
	rm -rf build

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)

# ---- the kernel module (issue 13): make kmod -------------------------------
# build/kmod/vifvm.ko from the same sources as vifvm (src/core, classfile,
# interp, gc, runtime, jit, verify and build/gen/bootlib_data.c) plus the
# kernel platform (src/platform/kernel) and the module (src/kmod), built
# out of tree by Kbuild against KDIR (default: the installed headers of
# Debian 12's linux-headers-amd64, or KVER=...).  build/kmod is a tree of
# symlinks (Kbuild puts objects beside their sources), never a copy.  The
# flags, the floating-point arrangement and the stack limit: src/kmod/Kbuild.
#   make kmod [KDIR=/path/to/kernel/build] [KVER=6.1.0-NN-amd64]
#   make check-kmod      kmod, then no libc / FP outside the allowed objects
KVER ?= $(shell ls /lib/modules 2>/dev/null | grep -m1 -- '-amd64$$' || uname -r)
KDIR ?= /lib/modules/$(KVER)/build
KMOD_DIR := build/kmod
KMOD_SRCS := $(foreach d,$(CORE_DIRS) src/platform/kernel src/platform/kernel/shim src/kmod,$(wildcard $(d)/*.c $(d)/*.h)) \
             $(wildcard include/*.h) \
             src/kmod/Kbuild
.PHONY: kmod kmod-clean check-kmod
kmod: $(KMOD_DIR)/vifvm.ko
$(KMOD_DIR)/vifvm.ko: $(KMOD_SRCS) build/gen/bootlib_data.c
	@mkdir -p $(KMOD_DIR)
	@for f in $(KMOD_SRCS) build/gen/bootlib_data.c; do \
	    t=$(KMOD_DIR)/$${f#build/}; mkdir -p $$(dirname $$t); \
	    [ -L $$t ] || ln -sf $(CURDIR)/$$f $$t; done
	@ln -sf $(CURDIR)/src/kmod/Kbuild $(KMOD_DIR)/Kbuild
	@find $(KMOD_DIR) -xtype l -delete
	$(MAKE) -C $(KDIR) M=$(CURDIR)/$(KMOD_DIR) VIFVM_ROOT=$(CURDIR) modules
kmod-clean:
	rm -rf $(KMOD_DIR)
check-kmod: kmod
	scripts/check-kmod.sh $(KMOD_DIR)
