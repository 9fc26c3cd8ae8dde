#!/usr/bin/env bash
# tests/conformance/run.sh - run the Java conformance corpus on a vifvm binary.
#
#   tests/conformance/run.sh VIFVM_BINARY [FILTER]
#
# Every tests/conformance/*.java, tests/conformance/lib/*.java and
# bench/tier2/*.java (issue 15's programs at their small default size; one public
# class with main, file name = class name) is compiled with javac --release 8
# and --release 17 into build/conformance/{8,17}/<Name>/ (recompiled only when
# the source changes), run once on OpenJDK to get the expectation (stdout,
# exit status, first stderr line; cached by source hash under
# build/conformance/expected/), then run as `VIFVM_BINARY -cp DIR Name`.
# tests/conformance/expected/<Name>.out, when present, replaces java's stdout
# (only for OpenJDK 17's non-shortest Float/Double.toString, see <Name>.why).
#
# Prints `PASS: conformance/<release>/<Name>` or `FAIL: ...: <reason>` lines in
# corpus order, then a summary; exit status 1 if anything failed, 2 on usage
# or setup errors.  Outputs are kept in build/conformance/out/<tag>/<release>/
# (<tag> = name of the binary's directory, e.g. release or asan).
#
# A program that needs a newer javac --release (e.g. it calls List.of) says so
# in a comment among its first 15 lines:   // conformance: min-release 17
# and is reported as SKIP for the older releases.
# A program whose output depends on how javac compiled it (release 8 builds
# carry -g debug attributes) says   // conformance: expect-per-release
# and is compared with java's output for each release's build.
# Options for javac (e.g. preview features) come from a comment among its
# first 15 lines:   // conformance: javac-args --enable-preview
# (a preview program also says min-release 17 and
#  jvm-args --enable-preview, which both java and vifvm then get).
# A program that reads standard input gets <Name>.stdin beside <Name>.java
# (otherwise /dev/null), on java and on vifvm alike.  VM options for both
# (e.g. system properties) come from a comment among its first 15 lines:
#   // conformance: jvm-args -Dkey=value ...
#
# FILTER is an extended regex matched against the class name.
# Environment:
#   RELEASES="8 17"  javac releases to test
#   TIMEOUT=60       seconds per vifvm run (300 under valgrind)
#   JOBS=<nproc>     parallel runs
#   VALGRIND=1       wrap vifvm in valgrind --error-exitcode=99 --leak-check=full -q
#   VIFVM_ARGS=""    extra options put before -cp (e.g. "--int")
set -uo pipefail

# ---------------------------------------------------------------- helpers
# conf_src NAME: the program's source; conf_stdin NAME: its input file
# (/dev/null if none); conf_jvm_args NAME: its "conformance: jvm-args".
conf_src() {
    if [ -f "$CONF_DIR/$1.java" ]; then echo "$CONF_DIR/$1.java"
    elif [ -f "$CONF_DIR/lib/$1.java" ]; then echo "$CONF_DIR/lib/$1.java"
    else echo "$VIFVM_ROOT/bench/tier2/$1.java"; fi
}
conf_stdin() {
    local s
    s=$(conf_src "$1")
    s=${s%.java}.stdin
    if [ -f "$s" ]; then echo "$s"; else echo /dev/null; fi
}
conf_per_release() {
    sed -n '1,15p' "$(conf_src "$1")" | grep -q -E '^[[:space:]]*//[[:space:]]*conformance:[[:space:]]*expect-per-release'
}
conf_jvm_args() {
    sed -n '1,15s@^[[:space:]]*//[[:space:]]*conformance:[[:space:]]*jvm-args[[:space:]]*\(.*\)$@\1@p' "$(conf_src "$1")" | head -n1
}
conf_javac_args() {
    sed -n '1,15s@^[[:space:]]*//[[:space:]]*conformance:[[:space:]]*javac-args[[:space:]]*\(.*\)$@\1@p' "$(conf_src "$1")" | head -n1
}

# ---------------------------------------------------------------- worker mode
# Invoked through xargs: run.sh --worker RELEASE NAME; writes one result file.
if [ "${1:-}" = "--worker" ]; then
    rel=$2 name=$3
    cdir=$CONF_BUILD/$rel/$name
    odir=$CONF_OUT/$rel
    out=$odir/$name.out err=$odir/$name.err
    res=$odir/$name.result
    tmpres=$res.tmp.$$
    exp=$CONF_BUILD/expected/$name
    conf_per_release "$name" && exp=$exp@$rel
    fail() { # reason, then optional detail lines on stdin
        { echo "FAIL: $CONF_LABEL/$rel/$name: $1"; cat; } > "$tmpres"
        mv -f "$tmpres" "$res"
        exit 0
    }
    rm -f "$out" "$err" "$odir/$name.rc"
    if [ ! -f "$cdir/.stamp" ] || [ "$(cat "$cdir/.stamp")" != "$(cat "$CONF_BUILD/stamps/$rel/$name")" ]; then
        fail "javac --release $rel failed" < <(vt_indent 10 < "$CONF_BUILD/$rel/$name.compile.log" 2>/dev/null)
    fi
    if [ ! -f "$exp.rc" ]; then
        fail "no expected output (java run failed)" < /dev/null
    fi
    cmd=("$CONF_VIFVM")
    # shellcheck disable=SC2206
    [ -n "${VIFVM_ARGS:-}" ] && cmd+=($VIFVM_ARGS)
    # shellcheck disable=SC2206
    jargs=($(conf_jvm_args "$name"))
    cmd+=("${jargs[@]}" -cp "$cdir" "$name")
    stdin=$(conf_stdin "$name")
    if [ "${VALGRIND:-0}" = 1 ]; then
        cmd=(valgrind --error-exitcode=99 --leak-check=full -q "${cmd[@]}")
    fi
    # (the outer 2>/dev/null silences bash's "Segmentation fault" job report)
    t0=$(date +%s%N)
    { (cd "$VIFVM_ROOT" && exec timeout -k 5 "$CONF_TIMEOUT" "${cmd[@]}") > "$out" 2> "$err" < "$stdin"; } 2> /dev/null
    rc=$?
    echo "$rc" > "$odir/$name.rc"
    echo $(( ($(date +%s%N) - t0) / 1000000 )) > "$odir/$name.ms"
    expout=$exp.out
    if [ -f "$CONF_DIR/expected/$name.out" ]; then
        expout=$CONF_DIR/expected/$name.out
        why=$CONF_DIR/expected/$name.why
        srchash=$(sed -n 's/^src=\([0-9a-f]*\) .*/\1/p' "$CONF_BUILD/stamps/$rel/$name")
        if [ ! -f "$why" ]; then
            fail "expected/$name.out has no expected/$name.why" < /dev/null
        elif [ "$(sed -n 's/^source-sha256: //p' "$why")" != "$srchash" ]; then
            fail "expected/$name.out is stale: $name.java changed since it was made (see $name.why)" < /dev/null
        fi
    fi
    exprc=$(cat "$exp.rc")
    reasons=() detail="" abnormal=0
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        reasons+=("timeout after ${CONF_TIMEOUT}s") abnormal=1
    elif [ "$rc" = 99 ] && [ "${VALGRIND:-0}" = 1 ] && [ "$exprc" != 99 ]; then
        reasons+=("valgrind reported errors") abnormal=1
        detail+=$(grep -m8 '^==' "$err" | vt_indent 8)$'\n'
    elif [ "$rc" -gt 128 ] && [ "$exprc" -le 128 ]; then
        reasons+=("killed by signal $((rc - 128))") abnormal=1
    fi
    sanitized=0
    if san=$(vt_sanitizer_grep "$err"); then
        sanitized=1
        reasons+=("sanitizer: ${san:0:120}")
        detail+=$(grep -E -A6 'AddressSanitizer|LeakSanitizer|runtime error:' "$err" | vt_indent 12)$'\n'
    fi
    if ! cmp -s "$expout" "$out"; then
        reasons+=("stdout differs")
        detail+=$(diff -u --label expected --label actual "$expout" "$out" | vt_indent 24)$'\n'
    fi
    if [ "$rc" != "$exprc" ] && [ "$abnormal" = 0 ]; then
        reasons+=("exit status $rc, expected $exprc")
    fi
    experr=$(head -n1 "$exp.err1")
    acterr=$(head -n1 "$err")
    if [ -s "$exp.err1" ]; then
        if [ "$experr" != "$acterr" ]; then
            reasons+=("stderr first line differs")
            detail+="    expected stderr: $experr"$'\n'"    actual stderr:   $acterr"$'\n'
        fi
    elif [ -s "$err" ] && [ "$abnormal" = 0 ] && [ "$sanitized" = 0 ]; then
        reasons+=("unexpected stderr: ${acterr:0:120}")
        detail+=$(vt_indent 6 < "$err")$'\n'
    fi
    if [ "${#reasons[@]}" -eq 0 ]; then
        echo "PASS: $CONF_LABEL/$rel/$name" > "$tmpres"
        mv -f "$tmpres" "$res"
        exit 0
    fi
    r=$(IFS=';'; echo "${reasons[*]}" | sed 's/;/; /g')
    printf '%s' "$detail" | sed '/^$/d' | fail "$r"
    exit 0
fi

# ---------------------------------------------------------------- main mode
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
    exit 2
fi
vifvm_arg=$1
filter=${2:-}
case "$vifvm_arg" in
    /*) CONF_VIFVM=$vifvm_arg ;;
    */*) CONF_VIFVM=$PWD/$vifvm_arg ;;
    *) CONF_VIFVM=$(command -v "$vifvm_arg" || echo "$PWD/$vifvm_arg") ;;
esac
if [ ! -x "$CONF_VIFVM" ]; then
    echo "error: $vifvm_arg: not an executable vifvm binary" >&2
    exit 2
fi
if [ "${VALGRIND:-0}" = 1 ] && ! command -v valgrind >/dev/null; then
    echo "error: VALGRIND=1 but valgrind is not installed (scripts/install-deps.sh)" >&2
    exit 2
fi
vt_find_jdk || exit 2
for t in timeout sha256sum diff cmp xargs; do
    command -v "$t" >/dev/null || { echo "error: $t not found" >&2; exit 2; }
done

CONF_DIR=$VIFVM_ROOT/tests/conformance
CONF_BUILD=$VIFVM_ROOT/build/conformance
tag=$(basename "$(dirname "$CONF_VIFVM")")
# the engine: the JIT (default) or the interpreter (VIFVM_ARGS=--int)
case " ${VIFVM_ARGS:-} " in *" --int "*) engine=int ;; *) engine=jit ;; esac
CONF_LABEL=${CONF_LABEL:-conformance/$engine}
tag=$tag-$engine
CONF_OUT=$CONF_BUILD/out/$tag
if [ "${VALGRIND:-0}" = 1 ]; then
    CONF_OUT=$CONF_BUILD/out/$tag-valgrind
    CONF_TIMEOUT=${TIMEOUT:-300}
else
    CONF_TIMEOUT=${TIMEOUT:-60}
fi
RELEASES=${RELEASES:-"8 17"}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export CONF_LABEL CONF_DIR CONF_BUILD CONF_OUT CONF_TIMEOUT CONF_VIFVM VIFVM_ROOT VALGRIND VIFVM_ARGS
export -f vt_sanitizer_grep vt_indent conf_src conf_stdin conf_jvm_args conf_javac_args conf_per_release

# ---- the corpus: name -> source
declare -A src_of=() seen=() min_rel=()
names=()
while IFS= read -r f; do
    n=$(basename "$f" .java)
    if [ -n "${seen[$n]:-}" ]; then
        echo "error: duplicate program name $n: ${seen[$n]} and $f" >&2
        exit 2
    fi
    seen[$n]=$f
    if [ -n "$filter" ] && ! grep -q -E -- "$filter" <<< "$n"; then continue; fi
    src_of[$n]=$f
    min_rel[$n]=$(sed -n '1,15s@^[[:space:]]*//[[:space:]]*conformance:[[:space:]]*min-release[[:space:]:=]*\([0-9][0-9]*\).*@\1@p' "$f" | head -n1)
    names+=("$n")
done < <(find "$CONF_DIR" -maxdepth 1 -name '*.java' | LC_ALL=C sort
         [ -d "$CONF_DIR/lib" ] && find "$CONF_DIR/lib" -maxdepth 1 -name '*.java' | LC_ALL=C sort
         find "$VIFVM_ROOT/bench/tier2" -maxdepth 1 -name '*.java' | LC_ALL=C sort)
if [ "${#names[@]}" -eq 0 ]; then
    echo "error: no conformance program matches '${filter}'" >&2
    exit 2
fi
mkdir -p "$CONF_BUILD/expected" "$CONF_BUILD/tool"
jdk_id=$("$JAVA" -version 2>&1 | head -n1)

# ---- compile (one JVM per parallel job compiles many files with javax.tools)
tool_src=$CONF_BUILD/tool/BatchJavac.java
cat > "$tool_src.new" <<'JAVA'
import javax.tools.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/* Reads lines "release<TAB>source<TAB>outdir<TAB>stampfile[<TAB>javac options]"
 * (options separated by spaces) and compiles each
 * source alone into outdir; on success copies stampfile to outdir/.stamp,
 * otherwise writes the diagnostics to outdir/../<Name>.compile.log. */
public class BatchJavac {
    static void deleteTree(File f) {
        File[] kids = f.listFiles();
        if (kids != null) for (File k : kids) deleteTree(k);
        f.delete();
    }
    public static void main(String[] args) throws Exception {
        JavaCompiler jc = ToolProvider.getSystemJavaCompiler();
        Path empty = Files.createTempDirectory("batchjavac");
        Map<String, StandardJavaFileManager> fms = new HashMap<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int bad = 0;
        for (String line; (line = in.readLine()) != null; ) {
            String[] f = line.split("\t");
            StandardJavaFileManager fm = fms.get(f[0]);
            if (fm == null) {
                fm = jc.getStandardFileManager(null, null, StandardCharsets.UTF_8);
                fms.put(f[0], fm);
            }
            File out = new File(f[2]);
            String name = out.getName();
            File log = new File(out.getParentFile(), name + ".compile.log");
            deleteTree(out);
            out.mkdirs();
            log.delete();
            List<String> opts = new ArrayList<>(Arrays.asList("--release", f[0], "-d", f[2],
                "-encoding", "UTF-8", "-nowarn", "-Xlint:none", "-implicit:none",
                "-sourcepath", empty.toString(), "-classpath", empty.toString()));
            if (f[0].equals("8")) opts.add("-g");   /* vary the debug attributes */
            if (f.length > 4 && !f[4].trim().isEmpty())
                opts.addAll(Arrays.asList(f[4].trim().split(" +")));
            StringWriter diag = new StringWriter();
            boolean ok;
            try {
                ok = jc.getTask(diag, fm, null, opts, null, fm.getJavaFileObjects(f[1])).call();
            } catch (RuntimeException e) {
                ok = false;
                diag.write(e.toString());
            }
            if (ok) {
                Files.copy(Paths.get(f[3]), new File(out, ".stamp").toPath(), StandardCopyOption.REPLACE_EXISTING);
            } else {
                bad++;
                Files.write(log.toPath(), diag.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        for (StandardJavaFileManager fm : fms.values()) fm.close();
        deleteTree(empty.toFile());
        System.exit(bad == 0 ? 0 : 1);
    }
}
JAVA
tool_dir=$CONF_BUILD/tool/classes
if ! cmp -s "$tool_src.new" "$tool_src" || [ ! -f "$tool_dir/BatchJavac.class" ]; then
    mv -f "$tool_src.new" "$tool_src"
    rm -rf "$tool_dir" && mkdir -p "$tool_dir"
    if ! "$JAVAC" -nowarn -d "$tool_dir" "$tool_src"; then
        echo "error: cannot compile $tool_src" >&2
        exit 2
    fi
else
    rm -f "$tool_src.new"
fi

todo=$(mktemp)
trap 'rm -f "$todo" "$todo".*' EXIT
for rel in $RELEASES; do
    mkdir -p "$CONF_BUILD/stamps/$rel" "$CONF_BUILD/$rel"
    for n in "${names[@]}"; do
        [ "$rel" -lt "${min_rel[$n]:-0}" ] && continue
        stamp=$CONF_BUILD/stamps/$rel/$n
        printf 'src=%s release=%s jdk=%s\n' "$(vt_hash "${src_of[$n]}")" "$rel" "$jdk_id" > "$stamp.new"
        if cmp -s "$stamp.new" "$stamp"; then rm -f "$stamp.new"; else mv -f "$stamp.new" "$stamp"; fi
        if [ ! -f "$CONF_BUILD/$rel/$n/.stamp" ] || ! cmp -s "$stamp" "$CONF_BUILD/$rel/$n/.stamp"; then
            printf '%s\t%s\t%s\t%s\t%s\n' "$rel" "${src_of[$n]}" "$CONF_BUILD/$rel/$n" "$stamp" \
                "$(conf_javac_args "$n")" >> "$todo"
        fi
    done
done
ncomp=$(wc -l < "$todo")
if [ "$ncomp" -gt 0 ]; then
    echo "conformance: compiling $ncomp program builds with $("$JAVAC" -version 2>&1)"
    SECONDS=0
    split -n "r/$JOBS" -d "$todo" "$todo."
    pids=()
    for part in "$todo".*; do
        [ -s "$part" ] || continue
        "$JAVA" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$tool_dir" BatchJavac < "$part" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p"; done
    echo "conformance: compiled in ${SECONDS}s"
fi

# ---- expected outputs from OpenJDK, cached by source hash
# Expectations come from the first release in RELEASES that compiled, or from
# each release (expected/<Name>@<release>) for a program saying
# "// conformance: expect-per-release" (its output depends on the javac
# options, e.g. -g's local variable names in NullPointerException messages).
exp_jobs=()
for n in "${names[@]}"; do
    key="$(vt_hash "${src_of[$n]}") $jdk_id"
    [ -f "${src_of[$n]%.java}.stdin" ] && key="$key stdin=$(vt_hash "${src_of[$n]%.java}.stdin")"
    per_rel=0
    conf_per_release "$n" && per_rel=1
    for rel in $RELEASES; do
        e=$CONF_BUILD/expected/$n
        [ "$per_rel" = 1 ] && e=$e@$rel
        if [ -f "$e.rc" ] && [ "$(cat "$e.key" 2>/dev/null)" = "$key" ]; then
            [ "$per_rel" = 1 ] && continue
            break
        fi
        if [ -f "$CONF_BUILD/$rel/$n/.stamp" ] && cmp -s "$CONF_BUILD/stamps/$rel/$n" "$CONF_BUILD/$rel/$n/.stamp"; then
            rm -f "$e.rc" "$e.out" "$e.err" "$e.err1"
            echo "$key" > "$e.key"
            exp_jobs+=("$n" "$CONF_BUILD/$rel/$n" "$e")
            [ "$per_rel" = 1 ] || break
        fi
    done
done
if [ "${#exp_jobs[@]}" -gt 0 ]; then
    echo "conformance: generating $(( ${#exp_jobs[@]} / 3 )) expected outputs with $jdk_id"
    t_exp=$SECONDS
    export JAVA
    printf '%s\n' "${exp_jobs[@]}" | xargs -d '\n' -n 3 -P "$JOBS" bash -c '
        e=$3
        # shellcheck disable=SC2207
        jargs=($(conf_jvm_args "$1"))
        (cd "$VIFVM_ROOT" && exec timeout -k 5 300 "$JAVA" -Xmx128m -Xss64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
            "${jargs[@]}" -cp "$2" "$1") > "$e.out" 2> "$e.err" < "$(conf_stdin "$1")"
        rc=$?
        head -n1 "$e.err" > "$e.err1"
        if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
            echo "warning: java timed out on $1; no expectation" >&2
            rm -f "$e.key"
        else
            echo "$rc" > "$e.rc"
        fi' _
    echo "conformance: expected outputs made in $((SECONDS - t_exp))s"
fi

# ---- run on vifvm, JOBS at a time, results printed in corpus order
jobs_list=() order=()
for rel in $RELEASES; do
    mkdir -p "$CONF_OUT/$rel"
    for n in "${names[@]}"; do
        rm -f "$CONF_OUT/$rel/$n.result" "$CONF_OUT/$rel/$n.ms"
        order+=("$rel" "$n")
        if [ "$rel" -lt "${min_rel[$n]:-0}" ]; then
            echo "SKIP: conformance/$rel/$n: needs javac --release ${min_rel[$n]}" > "$CONF_OUT/$rel/$n.result"
        else
            jobs_list+=("$rel" "$n")
        fi
    done
done
vg=""
[ "${VALGRIND:-0}" = 1 ] && vg=" under valgrind"
echo "conformance: running ${#names[@]} programs x releases ($RELEASES) on $CONF_VIFVM$vg"
if [ "${#jobs_list[@]}" -gt 0 ]; then
    printf '%s\n' "${jobs_list[@]}" | xargs -d '\n' -n 2 -P "$JOBS" "$CONF_DIR/run.sh" --worker &
    xpid=$!
else
    xpid=$$    # nothing to run: every result is a SKIP already written
fi
pass=0 failn=0 skipn=0
i=0
while [ "$i" -lt "${#order[@]}" ]; do
    rel=${order[$i]} n=${order[$((i + 1))]}
    res=$CONF_OUT/$rel/$n.result
    while [ ! -f "$res" ]; do
        if ! kill -0 "$xpid" 2>/dev/null && [ ! -f "$res" ]; then
            echo "FAIL: $CONF_LABEL/$rel/$n: harness produced no result" > "$res"
            break
        fi
        sleep 0.05
    done
    cat "$res"
    case "$(head -n1 "$res")" in
        PASS:*) pass=$((pass + 1)) ;;
        SKIP:*) skipn=$((skipn + 1)) ;;
        *) failn=$((failn + 1)) ;;
    esac
    i=$((i + 2))
done
[ "$xpid" != $$ ] && wait "$xpid" 2>/dev/null
slow=$(for rel in $RELEASES; do for n in "${names[@]}"; do
           [ -f "$CONF_OUT/$rel/$n.ms" ] && echo "$(cat "$CONF_OUT/$rel/$n.ms") $rel/$n"
       done; done | sort -rn | head -n 5 | awk '{printf "%s%s %.1fs", (NR > 1 ? ", " : ""), $2, $1 / 1000}')
[ -n "$slow" ] && echo "conformance: slowest: $slow"
echo "conformance ($tag$vg): $pass passed, $failn failed, $skipn skipped; outputs in ${CONF_OUT#"$VIFVM_ROOT"/}"
[ "$failn" -eq 0 ]
