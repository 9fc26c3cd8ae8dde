// A hand-written lexer for a C-like language (a state machine over chars) with token statistics.
import java.util.ArrayList;
import java.util.List;

public class Lexer {
    enum Kind { IDENT, KEYWORD, NUMBER, STRING, OP, PUNCT, COMMENT }
    static final class Token {
        final Kind kind; final String text; final int line;
        Token(Kind k, String t, int l) { kind = k; text = t; line = l; }
        public String toString() { return kind + "(" + text + ")@" + line; }
    }
    static final String[] KEYWORDS = {"int", "if", "else", "while", "return", "for", "void"};
    static boolean isKeyword(String s) { for (String k : KEYWORDS) if (k.equals(s)) return true; return false; }

    static List<Token> lex(String src) {
        List<Token> out = new ArrayList<Token>();
        int i = 0, line = 1;
        while (i < src.length()) {
            char c = src.charAt(i);
            if (c == '\n') { line++; i++; continue; }
            if (Character.isWhitespace(c)) { i++; continue; }
            int start = i;
            if (Character.isLetter(c) || c == '_') {
                while (i < src.length() && (Character.isLetterOrDigit(src.charAt(i)) || src.charAt(i) == '_')) i++;
                String w = src.substring(start, i);
                out.add(new Token(isKeyword(w) ? Kind.KEYWORD : Kind.IDENT, w, line));
            } else if (Character.isDigit(c)) {
                while (i < src.length() && (Character.isDigit(src.charAt(i)) || src.charAt(i) == 'x' || "abcdefABCDEF".indexOf(src.charAt(i)) >= 0)) i++;
                out.add(new Token(Kind.NUMBER, src.substring(start, i), line));
            } else if (c == '"') {
                i++;
                while (i < src.length() && src.charAt(i) != '"') { if (src.charAt(i) == '\\') i++; i++; }
                i++;
                out.add(new Token(Kind.STRING, src.substring(start, i), line));
            } else if (c == '/' && i + 1 < src.length() && src.charAt(i + 1) == '/') {
                while (i < src.length() && src.charAt(i) != '\n') i++;
                out.add(new Token(Kind.COMMENT, src.substring(start, i), line));
            } else if ("+-*/=<>!&|".indexOf(c) >= 0) {
                i++;
                if (i < src.length() && "=&|".indexOf(src.charAt(i)) >= 0) i++;
                out.add(new Token(Kind.OP, src.substring(start, i), line));
            } else {
                i++;
                out.add(new Token(Kind.PUNCT, String.valueOf(c), line));
            }
        }
        return out;
    }
    public static void main(String[] args) {
        String src = "int main(void) {\n  int x = 0x1F;\n  // count down\n  while (x >= 10 && x != 3) {\n    x = x - 1;\n  }\n"
            + "  if (x == 9) return \"nine\\\"q\";\n  else return x <= 2 || !x;\n}\n";
        List<Token> toks = lex(src);
        for (Token t : toks) System.out.println(t);
        int[] counts = new int[Kind.values().length];
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 300; i++) big.append(src);
        for (Token t : lex(big.toString())) counts[t.kind.ordinal()]++;
        for (Kind k : Kind.values()) System.out.println(k + " " + counts[k.ordinal()]);
    }
}
