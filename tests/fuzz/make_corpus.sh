#!/usr/bin/env bash
# make_corpus.sh - (re)generate the committed seed corpus under
# tests/fuzz/corpus/.  Not run by the tests; run it by hand after changing
# tests/fuzz/seeds/*.java or the generators, and commit the result.
#
#   corpus/fuzz_classfile/  class files of seeds/*.java (javac --release 8
#                           and 17) and a few class-library classes
#   corpus/fuzz_jar/        small jars: JDK `jar` output (stored and
#                           deflated), the small cases of gen_bad_jars
#   corpus/fuzz_inflate/    raw deflate streams: zlib at several levels and
#                           strategies over text, class files, runs, random
#   corpus/fuzz_verify_run/ class files of seeds/Vr*.java (javac --release 8;
#                           two also as version 49, so the verifier infers
#                           types instead of reading the StackMapTable) and
#                           the hand-assembled tests/verify/cases/*.j (but
#                           the large *_bomb ones)
#
#   tests/fuzz/make_corpus.sh [HARNESS...]   only these corpora (default all)
#
# Needs javac, jar, cc, python3 (zlib module).  Keeps the whole corpus
# well under 2 MB.
set -eu

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
C=$HERE/corpus
WORK=$(mktemp -d "${TMPDIR:-/tmp}/vifvm_corpus.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

ALL="fuzz_classfile fuzz_jar fuzz_inflate fuzz_verify_run"
WANT=${*:-$ALL}
want() { case " $WANT " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
for h in $ALL; do
    if want "$h"; then rm -rf "${C:?}/$h"; mkdir -p "$C/$h"; fi
done

# ---- class files ------------------------------------------------------------
mkdir -p "$WORK/c8" "$WORK/c17"
javac --release 8 -nowarn -d "$WORK/c8" "$HERE"/seeds/Seed{Generics,Control,Objects}.java
javac --release 17 -nowarn -d "$WORK/c17" "$HERE"/seeds/Seed*.java
if want fuzz_classfile; then
for f in "$WORK"/c8/*.class; do cp "$f" "$C/fuzz_classfile/j8_$(basename "$f")"; done
for f in "$WORK"/c17/*.class; do cp "$f" "$C/fuzz_classfile/j17_$(basename "$f")"; done
fi
if want fuzz_classfile && [ -d "$ROOT/build/lib-classes" ]; then
    for f in java/lang/Object java/lang/String java/lang/Integer; do
        [ -f "$ROOT/build/lib-classes/$f.class" ] &&
            cp "$ROOT/build/lib-classes/$f.class" "$C/fuzz_classfile/lib_$(basename "$f").class"
    done
fi

# ---- jars -----------------------------------------------------------------------
if want fuzz_jar; then
(cd "$WORK/c8" && jar cfe "$C/fuzz_jar/seeds_deflated.jar" SeedControl SeedControl.class SeedObjects*.class)
(cd "$WORK/c8" && jar cf0e "$C/fuzz_jar/seeds_stored.jar" SeedGenerics 'SeedGenerics$Box.class' 'SeedGenerics$Shape.class' SeedGenerics.class)
(cd "$WORK/c17" && jar cf "$C/fuzz_jar/records.jar" SeedRecord*.class)
cc -std=c11 -O1 -o "$WORK/gen" "$HERE/../malformed/gen_bad_jars.c" -lz
mkdir -p "$WORK/bad"
"$WORK/gen" "$WORK/bad" "$WORK/c8/SeedObjects.class"
for name in valid_stored valid_descriptor_comment local_name_mismatch bad_crc \
            unsupported_method encrypted zip64_eocd duplicate_entry overlap_quoted \
            no_manifest data_past_end cd_offset_range; do
    cp "$WORK/bad/$name.jar" "$C/fuzz_jar/gen_$name.jar"
done
fi

# ---- deflate streams ----------------------------------------------------------------
want fuzz_inflate && python3 - "$C/fuzz_inflate" "$WORK/c8" <<'EOF'
import os, random, sys, zlib
out, classes = sys.argv[1], sys.argv[2]
random.seed(1)
words = [b"java", b"lang", b"Object", b"the ", b"class", b"()V", b"\n", b" ", b"int"]
text = b"".join(random.choice(words) for _ in range(1500))
cls = b"".join(open(os.path.join(classes, f), "rb").read() for f in sorted(os.listdir(classes)))[:6000]
runs = b"".join(bytes([random.randrange(256)]) * random.randrange(1, 300) for _ in range(40))
rand = bytes(random.randrange(256) for _ in range(1500))
inputs = {"text": text, "class": cls, "runs": runs, "random": rand, "empty": b"", "one": b"x"}
strategies = {"default": zlib.Z_DEFAULT_STRATEGY, "fixed": zlib.Z_FIXED,
              "huff": zlib.Z_HUFFMAN_ONLY, "rle": zlib.Z_RLE}
for name, data in inputs.items():
    for level in (0, 1, 6, 9):
        for sname, strat in strategies.items():
            if sname != "default" and level != 6:
                continue
            if name in ("empty", "one") and (level, sname) not in ((6, "default"), (0, "default")):
                continue
            c = zlib.compressobj(level, zlib.DEFLATED, -15, 8, strat)
            s = c.compress(data) + c.flush()
            open(os.path.join(out, "%s_l%d_%s.raw" % (name, level, sname)), "wb").write(s)
# several blocks: sync flushes between pieces
c = zlib.compressobj(6, zlib.DEFLATED, -15)
s = c.compress(text[:2000]) + c.flush(zlib.Z_SYNC_FLUSH) + c.compress(cls[:2000]) + c.flush(zlib.Z_FULL_FLUSH) + c.compress(runs) + c.flush()
open(os.path.join(out, "multiblock.raw"), "wb").write(s)
EOF

# ---- classes to load, verify and run ---------------------------------------------
if want fuzz_verify_run; then
    V=$C/fuzz_verify_run
    mkdir -p "$WORK/vr" "$WORK/jasm" "$WORK/cases"
    javac --release 8 -nowarn -d "$WORK/vr" "$HERE"/seeds/Vr*.java
    for f in "$WORK"/vr/*.class; do cp "$f" "$V/j8_$(basename "$f")"; done
    # version 49 (major at bytes 6-7): the StackMapTable is then ignored
    for n in VrLoops VrExceptions; do
        python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[6:8] = (49).to_bytes(2, "big"); open(sys.argv[2], "wb").write(b)' \
            "$WORK/vr/$n.class" "$V/v49_$n.class"
    done
    javac -nowarn -d "$WORK/jasm" "$ROOT/tests/tools/Jasm.java"
    java -cp "$WORK/jasm" Jasm "$WORK/cases" "$ROOT"/tests/verify/cases/*.j >/dev/null 2>&1 || true
    for d in "$WORK"/cases/*/; do
        n=$(basename "$d")
        for f in "$d"*.class; do
            # not the verifier-cost bombs (hundreds of KiB)
            [ -e "$f" ] && [ "$(wc -c < "$f")" -le 16384 ] &&
                cp "$f" "$V/case_${n}_$(basename "$f")"
        done
    done
fi

du -sh "$C"
find "$C" -type f | wc -l
