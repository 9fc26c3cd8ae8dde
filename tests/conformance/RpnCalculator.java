// Shunting-yard conversion to reverse Polish notation and evaluation with ArrayDeque stacks (double math).
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

public class RpnCalculator {
    static int prec(char op) { return op == '+' || op == '-' ? 1 : op == '*' || op == '/' ? 2 : op == '^' ? 3 : 0; }
    static List<String> toRpn(String expr) {
        List<String> out = new ArrayList<String>();
        ArrayDeque<Character> ops = new ArrayDeque<Character>();
        for (int i = 0; i < expr.length(); i++) {
            char c = expr.charAt(i);
            if (c == ' ') continue;
            if (Character.isDigit(c) || c == '.') {
                int j = i;
                while (j < expr.length() && (Character.isDigit(expr.charAt(j)) || expr.charAt(j) == '.')) j++;
                out.add(expr.substring(i, j));
                i = j - 1;
            } else if (c == '(') ops.push(c);
            else if (c == ')') { while (ops.peek() != '(') out.add(String.valueOf(ops.pop())); ops.pop(); }
            else {
                while (!ops.isEmpty() && ops.peek() != '(' && (prec(ops.peek()) > prec(c) || (prec(ops.peek()) == prec(c) && c != '^')))
                    out.add(String.valueOf(ops.pop()));
                ops.push(c);
            }
        }
        while (!ops.isEmpty()) out.add(String.valueOf(ops.pop()));
        return out;
    }
    static double eval(List<String> rpn) {
        ArrayDeque<Double> st = new ArrayDeque<Double>();
        for (String t : rpn) {
            if (t.length() == 1 && prec(t.charAt(0)) > 0) {
                double b = st.pop(), a = st.pop();
                switch (t.charAt(0)) {
                    case '+': st.push(a + b); break;
                    case '-': st.push(a - b); break;
                    case '*': st.push(a * b); break;
                    case '/': st.push(a / b); break;
                    default: st.push(Math.pow(a, b));
                }
            } else st.push(Double.parseDouble(t));
        }
        return st.pop();
    }
    public static void main(String[] args) {
        String[] es = {"3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3", "1.5 * (2 + 2.5)", "10 / 4", "2 ^ 10 - 24", "1 / 0", "0.1 + 0.2", "(((7)))", "100 - 99.75"};
        for (String e : es) {
            List<String> r = toRpn(e);
            StringBuilder sb = new StringBuilder();
            for (String t : r) sb.append(t).append(' ');
            System.out.println(e + " => " + sb.toString().trim() + " = " + eval(r));
        }
    }
}
