// int arithmetic: + - * / % neg, overflow, MIN_VALUE / -1, signs of remainders.
public class IntArith {
    static int[] vals = {0, 1, -1, 2, -2, 7, -7, 13, 100, -100, 65535, 65536,
        Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1, 123456789, -987654321};

    static int add(int a, int b) { return a + b; }
    static int sub(int a, int b) { return a - b; }
    static int mul(int a, int b) { return a * b; }
    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }
    static int neg(int a) { return -a; }

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < vals.length; i++) {
            int a = vals[i];
            System.out.println("neg " + a + " = " + neg(a));
            for (int j = 0; j < vals.length; j++) {
                int b = vals[j];
                int s = add(a, b), d = sub(a, b), m = mul(a, b);
                String line = a + " " + b + ": " + s + " " + d + " " + m;
                if (b != 0) {
                    line += " " + div(a, b) + " " + rem(a, b);
                }
                System.out.println(line);
                sum += s ^ d ^ m;
            }
        }
        System.out.println("MIN/-1 = " + div(Integer.MIN_VALUE, -1));
        System.out.println("MIN%-1 = " + rem(Integer.MIN_VALUE, -1));
        System.out.println("MAX+1 = " + (Integer.MAX_VALUE + 1));
        System.out.println("MIN-1 = " + (Integer.MIN_VALUE - 1));
        System.out.println("MAX*MAX = " + (Integer.MAX_VALUE * Integer.MAX_VALUE));
        System.out.println("-MIN = " + (-Integer.MIN_VALUE));
        System.out.println("checksum " + sum);
        int x = 1;
        for (int i = 0; i < 40; i++) { x = x * 31 + i; }
        System.out.println("hash loop " + x);
    }
}
