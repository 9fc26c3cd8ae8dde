// A recursive-descent expression evaluator with precedence, unary minus, parentheses, variables and errors.
import java.util.HashMap;
import java.util.Map;

public class Calculator {
    final String s;
    int pos;
    final Map<String, Long> vars;
    Calculator(String s, Map<String, Long> vars) { this.s = s; this.vars = vars; }
    char peek() { while (pos < s.length() && s.charAt(pos) == ' ') pos++; return pos < s.length() ? s.charAt(pos) : '\0'; }
    long expr() {
        long v = term();
        while (true) {
            char c = peek();
            if (c == '+') { pos++; v += term(); } else if (c == '-') { pos++; v -= term(); } else return v;
        }
    }
    long term() {
        long v = factor();
        while (true) {
            char c = peek();
            if (c == '*') { pos++; v *= factor(); }
            else if (c == '/') { pos++; v /= factor(); }
            else if (c == '%') { pos++; v %= factor(); }
            else return v;
        }
    }
    long factor() {
        long base = unary();
        if (peek() == '^') { pos++; long e = factor(); long r = 1; for (long i = 0; i < e; i++) r *= base; return r; }
        return base;
    }
    long unary() {
        char c = peek();
        if (c == '-') { pos++; return -unary(); }
        if (c == '(') { pos++; long v = expr(); if (peek() != ')') throw new IllegalStateException("missing ) at " + pos); pos++; return v; }
        if (Character.isDigit(c)) { long v = 0; while (Character.isDigit(peek())) v = v * 10 + (s.charAt(pos++) - '0'); return v; }
        if (Character.isLetter(c)) {
            int st = pos;
            while (pos < s.length() && Character.isLetterOrDigit(s.charAt(pos))) pos++;
            String name = s.substring(st, pos);
            Long v = vars.get(name);
            if (v == null) throw new IllegalStateException("unknown variable " + name);
            return v;
        }
        throw new IllegalStateException("unexpected '" + c + "' at " + pos);
    }
    static String eval(String e, Map<String, Long> vars) {
        try {
            Calculator c = new Calculator(e, vars);
            long v = c.expr();
            if (c.pos != e.length()) return "error: trailing input at " + c.pos;
            return Long.toString(v);
        } catch (IllegalStateException ex) {
            return "error: " + ex.getMessage();
        } catch (ArithmeticException ex) {
            return "arith: " + ex.getMessage();
        }
    }
    public static void main(String[] args) {
        Map<String, Long> vars = new HashMap<String, Long>();
        vars.put("x", 7L);
        vars.put("big", 1L << 40);
        String[] es = {"1 + 2 * 3", "(1 + 2) * 3", "-4 - -4", "2 ^ 10", "2 ^ 3 ^ 2", "100 / 7 % 5", "x * x - 1", "big * big",
            "10 / (x - 7)", "(1 + 2", "3 + y", "4 $ 4", "((((((((((1))))))))))", "-(-(-(5)))", "9223372036854775807 + 1"};
        for (String e : es) System.out.println(e + " = " + eval(e, vars));
        long acc = 0;
        for (int i = 1; i <= 2000; i++) {
            vars.put("x", (long) i);
            acc += Long.parseLong(eval("(x * 3 + 7) % 11 - x / 5", vars));
        }
        System.out.println("acc " + acc);
    }
}
