// long arithmetic: overflow, MIN_VALUE / -1, remainders, mixing with int.
public class LongArith {
    static long[] vals = {0L, 1L, -1L, 3L, -3L, 1000000007L, -1000000007L,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 4294967296L, -4294967296L,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 5, Long.MIN_VALUE + 5, 0x123456789ABCDEFL};

    static long div(long a, long b) { return a / b; }
    static long rem(long a, long b) { return a % b; }

    public static void main(String[] args) {
        long acc = 17;
        for (long a : vals) {
            System.out.println("neg " + a + " = " + (-a));
            for (long b : vals) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ");
                sb.append(a + b).append(' ').append(a - b).append(' ').append(a * b);
                if (b != 0) sb.append(' ').append(div(a, b)).append(' ').append(rem(a, b));
                System.out.println(sb.toString());
                acc = acc * 1099511628211L + (a ^ b);
            }
        }
        System.out.println("MIN/-1 = " + div(Long.MIN_VALUE, -1L));
        System.out.println("MIN%-1 = " + rem(Long.MIN_VALUE, -1L));
        System.out.println("MAX+1 = " + (Long.MAX_VALUE + 1));
        int i = -5;
        long l = i;          // i2l sign extension
        System.out.println("i2l " + l + " " + (l * 4000000000L));
        long big = 0xFFFFFFFFL;
        System.out.println("l2i " + (int) big + " " + (int) (big + 2) + " " + (int) 0x7FFFFFFFFFL);
        System.out.println("mixed " + (i * 3000000000L) + " " + (i + 3000000000L));
        System.out.println("acc " + acc);
    }
}
