// An immutable Rational number class (long numerator/denominator, gcd-normalized) with equals/hashCode/compareTo;
// Gaussian elimination on a 5x5 Hilbert matrix solved exactly.
public class Rational implements Comparable<Rational> {
    final long num, den;
    Rational(long n, long d) {
        if (d == 0) throw new ArithmeticException("zero denominator");
        if (d < 0) { n = -n; d = -d; }
        long g = gcd(Math.abs(n), d);
        num = n / g; den = d / g;
    }
    static long gcd(long a, long b) { while (b != 0) { long t = a % b; a = b; b = t; } return a == 0 ? 1 : a; }
    Rational add(Rational o) { return new Rational(num * o.den + o.num * den, den * o.den); }
    Rational sub(Rational o) { return new Rational(num * o.den - o.num * den, den * o.den); }
    Rational mul(Rational o) { return new Rational(num * o.num, den * o.den); }
    Rational div(Rational o) { return new Rational(num * o.den, den * o.num); }
    public int compareTo(Rational o) { return Long.compare(num * o.den, o.num * den); }
    public boolean equals(Object o) { return o instanceof Rational && ((Rational) o).num == num && ((Rational) o).den == den; }
    public int hashCode() { return (int) (num * 31 + den); }
    public String toString() { return den == 1 ? Long.toString(num) : num + "/" + den; }

    public static void main(String[] args) {
        Rational h = new Rational(0, 1);
        for (int i = 1; i <= 20; i++) h = h.add(new Rational(1, i));
        System.out.println("H(20) = " + h);
        int n = 5;
        Rational[][] m = new Rational[n][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) m[i][j] = new Rational(1, i + j + 1);
            m[i][n] = new Rational(1, 1);
        }
        for (int c = 0; c < n; c++) {
            for (int r = c + 1; r < n; r++) {
                Rational f = m[r][c].div(m[c][c]);
                for (int k = c; k <= n; k++) m[r][k] = m[r][k].sub(f.mul(m[c][k]));
            }
        }
        Rational[] x = new Rational[n];
        for (int r = n - 1; r >= 0; r--) {
            Rational s = m[r][n];
            for (int k = r + 1; k < n; k++) s = s.sub(m[r][k].mul(x[k]));
            x[r] = s.div(m[r][r]);
        }
        StringBuilder sb = new StringBuilder();
        for (Rational v : x) sb.append(v).append(' ');
        System.out.println("Hilbert solution " + sb.toString().trim());
        java.util.List<Rational> rs = new java.util.ArrayList<Rational>();
        for (int i = 1; i <= 6; i++) for (int j = 1; j <= 6; j++) rs.add(new Rational(i, j));
        java.util.Collections.sort(rs);
        java.util.Set<Rational> distinct = new java.util.HashSet<Rational>(rs);
        System.out.println(rs.get(0) + " " + rs.get(rs.size() - 1) + " distinct " + distinct.size() + " " + new Rational(2, 4).equals(new Rational(-3, -6)));
        try {
            new Rational(1, 2).div(new Rational(0, 5));
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
