/* Jasm.java - a tiny class-file assembler for forging test classes (the
 * verifier's hostile corpus, tests/verify/cases/*.j).  It writes exactly
 * what it is told: max_stack, max_locals, stack map frames and branch
 * offsets are never computed or checked, so it can produce any broken
 * class.
 *
 *   java -cp <dir> Jasm OUTDIR file.j...     -> OUTDIR/<file basename>/<Class>.class
 *
 * Syntax (one directive or instruction per line; ';' starts a comment):
 *   .version 52 [0]            class-file major [minor] (default 52; < 50: no frames)
 *   .class [flags] Name        starts a class (several per file are fine)
 *   .super Name                default java/lang/Object
 *   .implements Name
 *   .field [flags] name desc
 *   .method [flags] name desc ... .end method
 *   .limit stack N / .limit locals N      (defaults 8 and 8)
 *   .catch Class|all from L1 to L2 using L3
 *   .frame L [locals T...] [stack T...]   a full_frame at label L; types:
 *        I F J D N(ull) T(op) U(ninitializedThis) new:L(abel) or a class
 *        name / array descriptor ("java/lang/String", "[I")
 *   L:                         a label (also "L: insn")
 *   insn operands              mnemonic as in the JVMS; operands:
 *        local index (iload 3; wide is added for > 255), iinc idx const,
 *        bipush/sipush N, newarray int|byte|..., branch target L or L+N
 *        (raw offset: "goto @7" jumps 7 bytes forward), ldc "str" | 12 |
 *        1.5f | class Name, ldc2_w 5L | 2.5d, fields and methods as
 *        "Class name desc", invokeinterface likewise (count computed),
 *        new/anewarray/checkcast/instanceof Class, multianewarray Class N
 *   .bytes b1 b2 ...           raw code bytes
 *   .repeat N <line>           the line N times (big hostile methods)
 */
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class Jasm {
    static final String[] OPS = {
        "nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1", "iconst_2", "iconst_3",
        "iconst_4", "iconst_5", "lconst_0", "lconst_1", "fconst_0", "fconst_1", "fconst_2",
        "dconst_0", "dconst_1", "bipush", "sipush", "ldc", "ldc_w", "ldc2_w", "iload", "lload",
        "fload", "dload", "aload", "iload_0", "iload_1", "iload_2", "iload_3", "lload_0",
        "lload_1", "lload_2", "lload_3", "fload_0", "fload_1", "fload_2", "fload_3", "dload_0",
        "dload_1", "dload_2", "dload_3", "aload_0", "aload_1", "aload_2", "aload_3", "iaload",
        "laload", "faload", "daload", "aaload", "baload", "caload", "saload", "istore",
        "lstore", "fstore", "dstore", "astore", "istore_0", "istore_1", "istore_2", "istore_3",
        "lstore_0", "lstore_1", "lstore_2", "lstore_3", "fstore_0", "fstore_1", "fstore_2",
        "fstore_3", "dstore_0", "dstore_1", "dstore_2", "dstore_3", "astore_0", "astore_1",
        "astore_2", "astore_3", "iastore", "lastore", "fastore", "dastore", "aastore",
        "bastore", "castore", "sastore", "pop", "pop2", "dup", "dup_x1", "dup_x2", "dup2",
        "dup2_x1", "dup2_x2", "swap", "iadd", "ladd", "fadd", "dadd", "isub", "lsub", "fsub",
        "dsub", "imul", "lmul", "fmul", "dmul", "idiv", "ldiv", "fdiv", "ddiv", "irem", "lrem",
        "frem", "drem", "ineg", "lneg", "fneg", "dneg", "ishl", "lshl", "ishr", "lshr", "iushr",
        "lushr", "iand", "land", "ior", "lor", "ixor", "lxor", "iinc", "i2l", "i2f", "i2d",
        "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l", "d2f", "i2b", "i2c", "i2s",
        "lcmp", "fcmpl", "fcmpg", "dcmpl", "dcmpg", "ifeq", "ifne", "iflt", "ifge", "ifgt",
        "ifle", "if_icmpeq", "if_icmpne", "if_icmplt", "if_icmpge", "if_icmpgt", "if_icmple",
        "if_acmpeq", "if_acmpne", "goto", "jsr", "ret", "tableswitch", "lookupswitch",
        "ireturn", "lreturn", "freturn", "dreturn", "areturn", "return", "getstatic",
        "putstatic", "getfield", "putfield", "invokevirtual", "invokespecial", "invokestatic",
        "invokeinterface", "invokedynamic", "new", "newarray", "anewarray", "arraylength",
        "athrow", "checkcast", "instanceof", "monitorenter", "monitorexit", "wide",
        "multianewarray", "ifnull", "ifnonnull", "goto_w", "jsr_w" };
    static final Map<String, Integer> OPC = new HashMap<>();
    static { for (int i = 0; i < OPS.length; i++) OPC.put(OPS[i], i); }

    static final Map<String, Integer> FLAGS = new HashMap<>();
    static {
        String[] f = { "public", "private", "protected", "static", "final", "super",
                       "volatile", "transient", "native", "interface", "abstract", "strict",
                       "synthetic" };
        int[] v = { 1, 2, 4, 8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400, 0x800, 0x1000 };
        for (int i = 0; i < f.length; i++) FLAGS.put(f[i], v[i]);
    }

    /* ---- constant pool ---- */
    static class Pool {
        final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        final DataOutputStream out = new DataOutputStream(buf);
        final Map<String, Integer> index = new HashMap<>();
        int count = 1;
        int put(String key, int slots, IOAction w) throws IOException {
            Integer i = index.get(key);
            if (i != null) return i;
            w.run(out);
            int r = count;
            count += slots;
            index.put(key, r);
            return r;
        }
        int utf8(String s) throws IOException { return put("U" + s, 1, o -> { o.writeByte(1); o.writeUTF(s); }); }
        int cls(String s) throws IOException { int u = utf8(s); return put("C" + s, 1, o -> { o.writeByte(7); o.writeShort(u); }); }
        int string(String s) throws IOException { int u = utf8(s); return put("S" + s, 1, o -> { o.writeByte(8); o.writeShort(u); }); }
        int integer(int v) throws IOException { return put("I" + v, 1, o -> { o.writeByte(3); o.writeInt(v); }); }
        int flt(float v) throws IOException { return put("F" + v, 1, o -> { o.writeByte(4); o.writeFloat(v); }); }
        int lng(long v) throws IOException { return put("J" + v, 2, o -> { o.writeByte(5); o.writeLong(v); }); }
        int dbl(double v) throws IOException { return put("D" + v, 2, o -> { o.writeByte(6); o.writeDouble(v); }); }
        int nat(String n, String d) throws IOException {
            int a = utf8(n), b = utf8(d);
            return put("N" + n + " " + d, 1, o -> { o.writeByte(12); o.writeShort(a); o.writeShort(b); });
        }
        int member(int tag, String c, String n, String d) throws IOException {
            int a = cls(c), b = nat(n, d);
            return put("M" + tag + c + " " + n + " " + d, 1, o -> { o.writeByte(tag); o.writeShort(a); o.writeShort(b); });
        }
    }
    interface IOAction { void run(DataOutputStream o) throws IOException; }

    static class Method {
        int access; String name, desc;
        int maxStack = 8, maxLocals = 8;
        ByteArrayOutputStream code = new ByteArrayOutputStream();
        Map<String, Integer> labels = new HashMap<>();
        List<Object[]> fixups = new ArrayList<>();     // {pos, insnStart, label, width}
        List<String[]> catches = new ArrayList<>();
        List<String[]> frames = new ArrayList<>();     // {label, rest}
        boolean hasCode = true;
    }

    static class ClassDef {
        int access = 0x21, major = 52, minor = 0;
        String name, superName = "java/lang/Object";
        List<String> interfaces = new ArrayList<>();
        List<String[]> fields = new ArrayList<>();
        List<Method> methods = new ArrayList<>();
        Pool pool = new Pool();
    }

    static String file;
    static int lineNo;
    static RuntimeException err(String m) { return new RuntimeException(file + ":" + lineNo + ": " + m); }

    static List<String> tokens(String line) {
        List<String> t = new ArrayList<>();
        int i = 0, n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == ';') break;
            if (Character.isWhitespace(c)) { i++; continue; }
            if (c == '"') {
                StringBuilder sb = new StringBuilder("\"");
                i++;
                while (i < n && line.charAt(i) != '"') {
                    char d = line.charAt(i++);
                    if (d == '\\' && i < n) { char e = line.charAt(i++); sb.append(e == 'n' ? '\n' : e); }
                    else sb.append(d);
                }
                i++;
                t.add(sb.toString());
                continue;
            }
            int s = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) i++;
            t.add(line.substring(s, i));
        }
        return t;
    }

    static int flags(List<String> t, int from, int to) {
        int f = 0;
        for (int i = from; i < to; i++) {
            Integer v = FLAGS.get(t.get(i));
            if (v == null) throw err("unknown flag " + t.get(i));
            f |= v;
        }
        return f;
    }

    static List<ClassDef> parse(List<String> lines) {
        List<ClassDef> out = new ArrayList<>();
        ClassDef cd = null;
        Method m = null;
        int version = 52, minor = 0;
        List<String> all = new ArrayList<>();
        List<Integer> nums = new ArrayList<>();
        for (String raw : lines) {          /* expand ".repeat N line" */
            lineNo++;
            List<String> t = tokens(raw);
            int times = 1;
            if (!t.isEmpty() && t.get(0).equals(".repeat")) {
                times = Integer.parseInt(t.get(1));
                raw = raw.substring(raw.indexOf(t.get(1), raw.indexOf(".repeat") + 7) + t.get(1).length());
            }
            for (int i = 0; i < times; i++) { all.add(raw); nums.add(lineNo); }
        }
        int idx = 0;
        for (String raw : all) {
            lineNo = nums.get(idx++);
            List<String> t = tokens(raw);
            if (t.isEmpty()) continue;
            String h = t.get(0);
            if (h.endsWith(":") && !h.startsWith(".")) {
                if (m == null) throw err("label outside a method");
                m.labels.put(h.substring(0, h.length() - 1), m.code.size());
                t = t.subList(1, t.size());
                if (t.isEmpty()) continue;
                h = t.get(0);
            }
            switch (h) {
            case ".version":
                version = Integer.parseInt(t.get(1));
                minor = t.size() > 2 ? Integer.parseInt(t.get(2)) : 0;
                if (cd != null) { cd.major = version; cd.minor = minor; }
                continue;
            case ".class":
                cd = new ClassDef();
                pool = cd.pool;
                cd.major = version;
                cd.minor = minor;
                { int f = flags(t, 1, t.size() - 1); cd.access = (f & 0x200) != 0 ? f : f | 0x20; }  // ACC_SUPER, not on an interface (JVMS 4.1)
                if (t.size() == 2) cd.access = 0x21;
                cd.name = t.get(t.size() - 1);
                out.add(cd);
                continue;
            case ".super": cd.superName = t.get(1); continue;
            case ".implements": cd.interfaces.add(t.get(1)); continue;
            case ".field": {
                int f = flags(t, 1, t.size() - 2);
                cd.fields.add(new String[] { "" + f, t.get(t.size() - 2), t.get(t.size() - 1) });
                continue;
            }
            case ".method":
                m = new Method();
                m.access = flags(t, 1, t.size() - 2);
                m.name = t.get(t.size() - 2);
                m.desc = t.get(t.size() - 1);
                m.hasCode = (m.access & 0x500) == 0;
                cd.methods.add(m);
                continue;
            case ".limit":
                if (t.get(1).equals("stack")) m.maxStack = Integer.parseInt(t.get(2));
                else m.maxLocals = Integer.parseInt(t.get(2));
                continue;
            case ".catch":
                m.catches.add(new String[] { t.get(1), t.get(3), t.get(5), t.get(7) });
                continue;
            case ".frame":
                m.frames.add(new String[] { t.get(1), String.join(" ", t.subList(2, t.size())) });
                continue;
            case ".end":
                if (t.get(1).equals("method")) m = null;
                continue;
            case ".bytes":
                for (int i = 1; i < t.size(); i++) m.code.write(Integer.decode(t.get(i)));
                continue;
            default:
                try {
                    insn(cd, m, t);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return out;
    }

    static Pool pool;

    static void u2(ByteArrayOutputStream b, int v) { b.write(v >> 8); b.write(v); }
    static void u4(ByteArrayOutputStream b, int v) { u2(b, v >>> 16); u2(b, v & 0xffff); }

    static void insn(ClassDef cd, Method m, List<String> t) throws IOException {
        String op = t.get(0);
        Integer code = OPC.get(op);
        if (code == null) throw err("unknown instruction " + op);
        ByteArrayOutputStream b = m.code;
        int start = b.size();
        int c = code;
        if ((c >= 21 && c <= 25) || (c >= 54 && c <= 58) || c == 169) {
            int idx = Integer.parseInt(t.get(1));
            if (idx > 255) { b.write(196); b.write(c); u2(b, idx); }
            else { b.write(c); b.write(idx); }
        } else if (c == 132) {
            int idx = Integer.parseInt(t.get(1)), k = Integer.parseInt(t.get(2));
            if (idx > 255 || k < -128 || k > 127) { b.write(196); b.write(c); u2(b, idx); u2(b, k); }
            else { b.write(c); b.write(idx); b.write(k); }
        } else if (c == 16) { b.write(c); b.write(Integer.parseInt(t.get(1))); }
        else if (c == 17) { b.write(c); u2(b, Integer.parseInt(t.get(1))); }
        else if (c == 188) {
            List<String> ty = Arrays.asList("boolean", "char", "float", "double", "byte", "short", "int", "long");
            b.write(c); b.write(4 + ty.indexOf(t.get(1)));
        } else if (c == 18 || c == 19 || c == 20) {
            int idx;
            String a = t.get(1);
            if (a.startsWith("\"")) idx = pool.string(a.substring(1));
            else if (a.equals("class")) idx = pool.cls(t.get(2));
            else if (a.endsWith("L")) idx = pool.lng(Long.parseLong(a.substring(0, a.length() - 1)));
            else if (a.endsWith("d")) idx = pool.dbl(Double.parseDouble(a.substring(0, a.length() - 1)));
            else if (a.endsWith("f")) idx = pool.flt(Float.parseFloat(a.substring(0, a.length() - 1)));
            else idx = pool.integer(Integer.parseInt(a));
            if (c == 18 && idx > 255) c = 19;
            b.write(c);
            if (c == 18) b.write(idx); else u2(b, idx);
        } else if ((c >= 153 && c <= 168) || c == 198 || c == 199 || c == 200 || c == 201) {
            b.write(c);
            int w = (c == 200 || c == 201) ? 4 : 2;
            m.fixups.add(new Object[] { b.size(), start, t.get(1), w });
            for (int i = 0; i < w; i++) b.write(0);
        } else if (c >= 178 && c <= 181) {
            b.write(c); u2(b, pool.member(9, t.get(1), t.get(2), t.get(3)));
        } else if (c >= 182 && c <= 184) {
            boolean itf = t.size() > 4 && t.get(4).equals("interface");
            b.write(c); u2(b, pool.member(itf ? 11 : 10, t.get(1), t.get(2), t.get(3)));
        } else if (c == 185) {
            b.write(c); u2(b, pool.member(11, t.get(1), t.get(2), t.get(3)));
            b.write(argSlots(t.get(3)) + 1); b.write(0);
        } else if (c == 187 || c == 189 || c == 192 || c == 193) {
            b.write(c); u2(b, pool.cls(t.get(1)));
        } else if (c == 197) {
            b.write(c); u2(b, pool.cls(t.get(1))); b.write(Integer.parseInt(t.get(2)));
        } else if (c == 170 || c == 171 || c == 186 || c == 196) {
            throw err(op + " is not supported (use .bytes)");
        } else {
            b.write(c);
        }
    }

    static int argSlots(String d) {
        int n = 0, i = 1;
        while (d.charAt(i) != ')') {
            char ch = d.charAt(i);
            if (ch == 'J' || ch == 'D') { n += 2; i++; continue; }
            n++;
            while (d.charAt(i) == '[') i++;
            if (d.charAt(i) == 'L') i = d.indexOf(';', i);
            i++;
        }
        return n;
    }

    static int label(Method m, String l) {
        if (l.startsWith("@")) return -1;
        int plus = l.indexOf('+'), off = 0;
        if (plus > 0) { off = Integer.parseInt(l.substring(plus + 1)); l = l.substring(0, plus); }
        Integer v = m.labels.get(l);
        if (v == null) throw err("undefined label " + l + " in " + m.name);
        return v + off;
    }

    static void vti(ByteArrayOutputStream b, Method m, String ty) throws IOException {
        switch (ty) {
        case "T": b.write(0); return;
        case "I": b.write(1); return;
        case "F": b.write(2); return;
        case "D": b.write(3); return;
        case "J": b.write(4); return;
        case "N": b.write(5); return;
        case "U": b.write(6); return;
        default:
            if (ty.startsWith("new:")) { b.write(8); u2(b, label(m, ty.substring(4))); return; }
            b.write(7); u2(b, pool.cls(ty));
        }
    }

    static byte[] assemble(ClassDef cd) throws IOException {
        pool = cd.pool;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int thisIdx = pool.cls(cd.name), superIdx = pool.cls(cd.superName);
        u2(body, cd.access); u2(body, thisIdx); u2(body, superIdx);
        u2(body, cd.interfaces.size());
        for (String i : cd.interfaces) u2(body, pool.cls(i));
        u2(body, cd.fields.size());
        for (String[] f : cd.fields) {
            u2(body, Integer.parseInt(f[0])); u2(body, pool.utf8(f[1])); u2(body, pool.utf8(f[2])); u2(body, 0);
        }
        u2(body, cd.methods.size());
        for (Method m : cd.methods) {
            u2(body, m.access); u2(body, pool.utf8(m.name)); u2(body, pool.utf8(m.desc));
            if (!m.hasCode) { u2(body, 0); continue; }
            u2(body, 1);
            byte[] code = m.code.toByteArray();
            for (Object[] f : m.fixups) {
                int pos = (Integer) f[0], st = (Integer) f[1], w = (Integer) f[3];
                String l = (String) f[2];
                int off = l.startsWith("@") ? Integer.parseInt(l.substring(1)) : label(m, l) - st;
                if (w == 2) { code[pos] = (byte) (off >> 8); code[pos + 1] = (byte) off; }
                else for (int i = 0; i < 4; i++) code[pos + i] = (byte) (off >> (24 - 8 * i));
            }
            ByteArrayOutputStream attr = new ByteArrayOutputStream();
            u2(attr, m.maxStack); u2(attr, m.maxLocals); u4(attr, code.length); attr.write(code);
            u2(attr, m.catches.size());
            for (String[] c : m.catches) {
                u2(attr, label(m, c[1])); u2(attr, label(m, c[2])); u2(attr, label(m, c[3]));
                u2(attr, c[0].equals("all") ? 0 : pool.cls(c[0]));
            }
            if (m.frames.isEmpty()) {
                u2(attr, 0);
            } else {
                u2(attr, 1);
                ByteArrayOutputStream smt = new ByteArrayOutputStream();
                List<String[]> fr = new ArrayList<>(m.frames);
                fr.sort(Comparator.comparingInt(a -> label(m, a[0])));
                u2(smt, fr.size());
                int prev = -1;
                for (String[] f : fr) {
                    int pc = label(m, f[0]);
                    List<String> loc = new ArrayList<>(), stk = new ArrayList<>();
                    List<String> cur = null;
                    for (String w : f[1].trim().isEmpty() ? new String[0] : f[1].trim().split("\\s+")) {
                        if (w.equals("locals")) cur = loc;
                        else if (w.equals("stack")) cur = stk;
                        else cur.add(w);
                    }
                    smt.write(255);
                    u2(smt, prev < 0 ? pc : pc - prev - 1);
                    u2(smt, loc.size());
                    for (String s : loc) vti(smt, m, s);
                    u2(smt, stk.size());
                    for (String s : stk) vti(smt, m, s);
                    prev = pc;
                }
                byte[] s = smt.toByteArray();
                u2(attr, pool.utf8("StackMapTable")); u4(attr, s.length); attr.write(s);
            }
            byte[] a = attr.toByteArray();
            u2(body, pool.utf8("Code")); u4(body, a.length); body.write(a);
        }
        u2(body, 0); // class attributes
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        u4(out, 0xCAFEBABE); u2(out, cd.minor); u2(out, cd.major);
        u2(out, pool.count);
        out.write(pool.buf.toByteArray());
        out.write(body.toByteArray());
        return out.toByteArray();
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: Jasm OUTDIR file.j...");
            System.exit(2);
        }
        int bad = 0;
        for (int i = 1; i < args.length; i++) {
            file = args[i];
            lineNo = 0;
            try {
                List<ClassDef> cs = parse(Files.readAllLines(Paths.get(file), StandardCharsets.UTF_8));
                String base = Paths.get(file).getFileName().toString().replaceFirst("\\.j$", "");
                Path dir = Paths.get(args[0], base);
                Files.createDirectories(dir);
                for (ClassDef cd : cs) {
                    Path p = dir.resolve(cd.name + ".class");
                    Files.createDirectories(p.getParent());
                    Files.write(p, assemble(cd));
                }
            } catch (RuntimeException e) {
                String msg = e.getMessage();
                if (msg == null || !msg.startsWith(file)) msg = file + ":" + lineNo + ": " + e;
                System.err.println("jasm: " + msg);
                bad++;
            }
        }
        System.exit(bad == 0 ? 0 : 1);
    }
}
