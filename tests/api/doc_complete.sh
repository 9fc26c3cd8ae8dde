#!/usr/bin/env bash
# tests/api/doc_complete.sh - the VIFlet API (package vif) is documented.
#
#   tests/api/doc_complete.sh
#
# Checks, on the sources in src/lib/java/vif/ (Datapath.java, internal,
# left out as the Makefile's vif-api rule does):
#   api-doc/doclint      javadoc -Xdoclint:all -Werror accepts them: every
#                        public and protected class, member, parameter,
#                        return value and exception is described
#   api-doc/members      every public and protected member (javap on the
#                        compiled classes) has a detail section with a
#                        description in the generated HTML, and every class
#                        a class description
#   api-doc/topics       the topics issue #17 asks for are there: the offset
#                        convention, what helpers answer for non-IP packets,
#                        ownership, wakeAt, Queue, the new helpers
#   api-doc/self-test-*  the checks fail on a member without a comment and
#                        on HTML missing a member
#   api-doc/build        `make vif-api` outputs: build/vif-api-doc/ (same
#                        pages), build/vif-api-sources.jar (exactly these
#                        sources) and build/vif-api.jar (the same members)
# Prints PASS:/FAIL:/SKIP: lines; exit status 1 if anything failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2
JDK_BIN=$(dirname "$JAVAC")
JAVADOC=$JDK_BIN/javadoc
JAVAP=$JDK_BIN/javap
JAR=$JDK_BIN/jar
[ -x "$JAVADOC" ] || { echo "FAIL: api-doc/setup: no javadoc next to $JAVAC"; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
nfail=0
pass() { echo "PASS: api-doc/$1"; }
fail() { echo "FAIL: api-doc/$1: $2"; nfail=$((nfail + 1)); }

SRCS=()
for f in src/lib/java/vif/*.java; do
    [ "$(basename "$f")" = Datapath.java ] || SRCS+=("$f")
done

# doc SRCDIR OUTDIR: javadoc as the Makefile runs it (output in OUTDIR.log)
doc() {
    "$JAVADOC" -quiet -Xdoclint:all -Werror -notimestamp -encoding UTF-8 -d "$2" "$1"/*.java \
        > "$2.log" 2>&1
}

# members CLASSDIR: "Class anchor" lines, one per public/protected member,
# and "Class" for each public class (from javap -protected).
members() {
    local cls names=()
    for cls in "$1"/vif/*.class; do
        names+=("vif.$(basename "$cls" .class)")
    done
    "$JAVAP" -protected -cp "$1" "${names[@]}" | python3 -c '
import re, sys
cls = None
for line in sys.stdin:
    line = line.strip()
    m = re.match(r"(public|protected) .*?(class|interface) vif\.(\w+)", line)
    if m:
        cls = m.group(3)
        print(cls)
        continue
    if not line.endswith(";") or cls is None:
        continue
    sig = re.sub(r" throws .*", "", line[:-1])
    if "(" in sig:
        head, params = sig.split("(", 1)
        name = head.split()[-1]
        if name == "vif." + cls:
            name = "&lt;init&gt;"
        params = params.rstrip(")").replace(" ", "")
        print("%s %s(%s)" % (cls, name, params))
    else:
        print("%s %s" % (cls, sig.split()[-1]))
'
}

# coverage DOCDIR MEMBERS: every class and member has its described section.
coverage() {
    python3 - "$1" "$2" <<'EOF'
import re, sys
doc, members = sys.argv[1], sys.argv[2]
bad = []
n = 0
for line in open(members):
    parts = line.split(' ', 1)
    cls = parts[0].strip()
    try:
        html = open('%s/vif/%s.html' % (doc, cls), encoding='utf-8').read()
    except OSError:
        bad.append('%s: no page' % cls)
        continue
    if len(parts) == 1:
        m = re.search(r'<section class="class-description"[^>]*>(.*?)</section>', html, re.S)
        if not m or not re.search(r'<div class="block">\s*\S', m.group(1)):
            bad.append('%s: no class description' % cls)
        continue
    n += 1
    anchor = parts[1].strip()
    m = re.search(r'<section class="detail" id="%s">(.*?)</section>' % re.escape(anchor), html, re.S)
    if not m:
        bad.append('%s.%s: no detail section' % (cls, anchor))
    elif not re.search(r'<div class="block">\s*\S', m.group(1)):
        bad.append('%s.%s: no description' % (cls, anchor))
if bad:
    print('%d undocumented: %s' % (len(bad), '; '.join(bad[:8])))
    sys.exit(1)
print('ok: %d members' % n)
EOF
}

# ------------------------------------------------------------ doclint
mkdir -p "$T/src/vif" "$T/cls"
cp "${SRCS[@]}" "$T/src/vif/"
if doc "$T/src/vif" "$T/doc"; then
    pass doclint
else
    fail doclint "javadoc -Xdoclint:all -Werror: $(grep -m3 -E 'warning|error' "$T/doc.log" | tr '\n' ' ')"
fi

# ------------------------------------------------------------ members
if ! "$JAVAC" -nowarn -d "$T/cls" "${SRCS[@]}" > "$T/javac.log" 2>&1; then
    fail members "the API sources do not compile: $(head -n 3 "$T/javac.log" | tr '\n' ' ')"
else
    members "$T/cls" > "$T/members.txt"
    nm=$(grep -c ' ' "$T/members.txt")
    if [ "$nm" -lt 40 ]; then
        fail members "javap found only $nm members: the member list is broken"
    elif msg=$(coverage "$T/doc" "$T/members.txt"); then
        pass "members ($nm public and protected members, $(grep -vc ' ' "$T/members.txt") classes)"
    else
        fail members "$msg"
    fi
fi

# ------------------------------------------------------------ topics
# topic FILE WHAT REGEX: the page's text (tags stripped) matches REGEX.
topic() {
    if sed -e 's/<[^>]*>//g' "$T/doc/vif/$1" | tr -s ' \n' ' ' | grep -qiE "$3"; then
        return 0
    fi
    fail topics "$1 does not describe $2 (/$3/)"
    return 1
}
ok=1
topic Packet.html "the offset convention" 'offset is a byte offset from the start of the frame' || ok=0
topic Packet.html "the byte order" 'big-endian' || ok=0
topic Packet.html "non-IP answers" 'not IP, every header helper answers without throwing' || ok=0
topic Packet.html "-1 for non-IP ints" 'return -1' || ok=0
topic Packet.html "ownership" 'Ownership.*no longer owns' || ok=0
for m in ipOffset l4Offset l4Protocol setDscp recomputeIpChecksum recomputeL4Checksum ipChecksumOk l4ChecksumOk; do
    grep -q "id=\"$m(" "$T/doc/vif/Packet.html" || { fail topics "Packet.html has no $m"; ok=0; }
done
topic VIFlet.html "ownership" 'Ownership.*belongs to this VIFlet' || ok=0
topic VIFlet.html "wakeAt" 'wakeAt.*datapath clock' || ok=0
topic Queue.html "the Queue" 'first-in first-out' || ok=0
topic package-summary.html "the package" 'VIFlet API' || ok=0
[ "$ok" = 1 ] && pass topics

# ------------------------------------------------------------ self-tests
# a member without its comment must fail doclint
mkdir -p "$T/bad/vif"
cp "${SRCS[@]}" "$T/bad/vif/"
python3 - "$T/bad/vif/Queue.java" <<'EOF'
import re, sys
p = sys.argv[1]
s = open(p).read()
t = re.sub(r'/\*\*(?:(?!\*/).)*\*/\s*(public int size\(\))', r'\1', s, count=1, flags=re.S)
assert t != s
open(p, 'w').write(t)
EOF
if doc "$T/bad/vif" "$T/bad-doc"; then
    fail self-test-doclint "javadoc accepted Queue.size() without a comment"
else
    pass self-test-doclint
fi
# a member missing from the HTML must fail the coverage check
if [ -f "$T/members.txt" ] && [ -d "$T/doc/vif" ]; then
    cp -r "$T/doc" "$T/doc2"
    sed -i 's/<section class="detail" id="l4Offset()">/<section class="detail" id="gone">/' "$T/doc2/vif/Packet.html"
    if coverage "$T/doc2" "$T/members.txt" > "$T/cov2.log"; then
        fail self-test-members "the coverage check missed Packet.l4Offset()"
    elif grep -q 'l4Offset' "$T/cov2.log"; then
        pass self-test-members
    else
        fail self-test-members "the coverage check failed for another reason: $(cat "$T/cov2.log")"
    fi
fi

# ------------------------------------------------------------ make vif-api
if [ ! -f build/vif-api-doc/index.html ] || [ ! -f build/vif-api-sources.jar ] || [ ! -f build/vif-api.jar ]; then
    fail build "build/vif-api-doc/, build/vif-api-sources.jar or build/vif-api.jar missing (make vif-api)"
else
    why=""
    # the pages' contents (the <main> element: titles may differ)
    for f in "$T"/doc/vif/*.html; do
        b=build/vif-api-doc/vif/$(basename "$f")
        if [ ! -f "$b" ] || [ "$(sed -n '/<main/,/<\/main>/p' "$f")" != "$(sed -n '/<main/,/<\/main>/p' "$b")" ]; then
            why="$why $b differs;"
        fi
    done
    mkdir -p "$T/srcjar" "$T/apijar"
    (cd "$T/srcjar" && "$JAR" xf "$ROOT/build/vif-api-sources.jar")
    got=$(cd "$T/srcjar" && find . -name '*.java' | sort | tr '\n' ' ')
    want=$(for f in "${SRCS[@]}"; do echo "./vif/$(basename "$f")"; done | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || why="$why sources jar holds $got;"
    for f in "${SRCS[@]}"; do
        cmp -s "$f" "$T/srcjar/vif/$(basename "$f")" || why="$why $(basename "$f") in the sources jar differs;"
    done
    (cd "$T/apijar" && "$JAR" xf "$ROOT/build/vif-api.jar")
    if [ -f "$T/members.txt" ] && ! members "$T/apijar" | cmp -s - "$T/members.txt"; then
        why="$why build/vif-api.jar's members differ from the sources';"
    fi
    if [ -z "$why" ]; then pass build; else fail build "${why:0:400} (make vif-api)"; fi
fi

echo "api-doc: $nfail failed"
[ "$nfail" -eq 0 ]
