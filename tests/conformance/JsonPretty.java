// A small JSON parser and pretty printer (objects keep insertion order; numbers kept as text).
import java.util.ArrayList;
import java.util.List;

public class JsonPretty {
    static abstract class Value { abstract void print(StringBuilder out, int indent); }
    static final class Str extends Value {
        final String s;
        Str(String s) { this.s = s; }
        void print(StringBuilder out, int indent) { quote(out, s); }
    }
    static final class Num extends Value {
        final String text;
        Num(String t) { text = t; }
        void print(StringBuilder out, int indent) { out.append(text); }
    }
    static final class Lit extends Value {
        final String text;
        Lit(String t) { text = t; }
        void print(StringBuilder out, int indent) { out.append(text); }
    }
    static final class Arr extends Value {
        final List<Value> items = new ArrayList<Value>();
        void print(StringBuilder out, int indent) {
            if (items.isEmpty()) { out.append("[]"); return; }
            out.append("[\n");
            for (int i = 0; i < items.size(); i++) {
                pad(out, indent + 1);
                items.get(i).print(out, indent + 1);
                out.append(i + 1 < items.size() ? ",\n" : "\n");
            }
            pad(out, indent);
            out.append(']');
        }
    }
    static final class Obj extends Value {
        final List<String> keys = new ArrayList<String>();
        final List<Value> vals = new ArrayList<Value>();
        void print(StringBuilder out, int indent) {
            if (keys.isEmpty()) { out.append("{}"); return; }
            out.append("{\n");
            for (int i = 0; i < keys.size(); i++) {
                pad(out, indent + 1);
                quote(out, keys.get(i));
                out.append(": ");
                vals.get(i).print(out, indent + 1);
                out.append(i + 1 < keys.size() ? ",\n" : "\n");
            }
            pad(out, indent);
            out.append('}');
        }
    }
    static void pad(StringBuilder out, int n) { for (int i = 0; i < n; i++) out.append("  "); }
    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7e) {
                        String h = Integer.toHexString(c);
                        out.append("\\u");
                        for (int k = h.length(); k < 4; k++) out.append('0');
                        out.append(h);
                    } else out.append(c);
            }
        }
        out.append('"');
    }
    static final class Parser {
        final String src;
        int pos;
        Parser(String s) { src = s; }
        RuntimeException err(String what) { return new IllegalArgumentException(what + " at " + pos); }
        void ws() { while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) pos++; }
        char peek() { ws(); if (pos >= src.length()) throw err("unexpected end"); return src.charAt(pos); }
        void expect(char c) { if (peek() != c) throw err("expected '" + c + "'"); pos++; }
        Value parse() {
            char c = peek();
            if (c == '{') {
                pos++;
                Obj o = new Obj();
                if (peek() == '}') { pos++; return o; }
                while (true) {
                    Value k = parse();
                    if (!(k instanceof Str)) throw err("key must be a string");
                    expect(':');
                    o.keys.add(((Str) k).s);
                    o.vals.add(parse());
                    if (peek() == ',') { pos++; continue; }
                    expect('}');
                    return o;
                }
            }
            if (c == '[') {
                pos++;
                Arr a = new Arr();
                if (peek() == ']') { pos++; return a; }
                while (true) {
                    a.items.add(parse());
                    if (peek() == ',') { pos++; continue; }
                    expect(']');
                    return a;
                }
            }
            if (c == '"') {
                pos++;
                StringBuilder sb = new StringBuilder();
                while (true) {
                    if (pos >= src.length()) throw err("unterminated string");
                    char ch = src.charAt(pos++);
                    if (ch == '"') break;
                    if (ch == '\\') {
                        char e = src.charAt(pos++);
                        switch (e) {
                            case 'n': sb.append('\n'); break;
                            case 't': sb.append('\t'); break;
                            case 'u': sb.append((char) Integer.parseInt(src.substring(pos, pos + 4), 16)); pos += 4; break;
                            default: sb.append(e);
                        }
                    } else sb.append(ch);
                }
                return new Str(sb.toString());
            }
            if (c == '-' || Character.isDigit(c)) {
                int start = pos;
                pos++;
                while (pos < src.length() && "0123456789.eE+-".indexOf(src.charAt(pos)) >= 0) pos++;
                return new Num(src.substring(start, pos));
            }
            for (String lit : new String[] {"true", "false", "null"}) {
                if (src.startsWith(lit, pos)) { pos += lit.length(); return new Lit(lit); }
            }
            throw err("unexpected character '" + c + "'");
        }
    }
    public static void main(String[] args) {
        String[] docs = {
            "{\"name\":\"vifvm\",\"version\":[0,1,2],\"flags\":{\"jit\":false,\"gc\":\"mark-sweep\"},\"ratio\":-1.5e3,\"none\":null}",
            "[1, [2, [3, [4, []]]], {}, \"tab\\there\", \"quote\\\"q\", \"\\u00e9\"]",
            "{\"packets\": [{\"src\": \"10.0.0.1\", \"dst\": \"10.0.0.2\", \"len\": 1500}, {\"src\": \"10.0.0.3\", \"len\": 64}]}",
            "{\"broken\": [1, 2}",
            "\"just a string\"",
        };
        for (String d : docs) {
            try {
                StringBuilder out = new StringBuilder();
                new Parser(d).parse().print(out, 0);
                System.out.println(out);
            } catch (IllegalArgumentException e) {
                System.out.println("parse error: " + e.getMessage());
            }
        }
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 2000; i++) big.append(i > 0 ? "," : "").append("{\"i\":").append(i).append(",\"s\":\"v").append(i).append("\"}");
        big.append(']');
        StringBuilder out = new StringBuilder();
        new Parser(big.toString()).parse().print(out, 0);
        System.out.println("big pretty length " + out.length() + " hash " + out.toString().hashCode());
    }
}
