// Library behaviour: java.util.Random must produce the JDK's sequences for a
// given seed (LCG, bounded and ranged variants, doubles, floats, Gaussians),
// and Collections.shuffle must consume it the same way.
import java.util.*;

public class LibRandom {
    public static void main(String[] args) {
        long[] seeds = {0L, 1L, 42L, -1L, 123456789L, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long seed : seeds) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder("seed " + seed + ":");
            for (int i = 0; i < 3; i++) sb.append(' ').append(r.nextInt());
            for (int i = 0; i < 3; i++) sb.append(' ').append(r.nextInt(100));
            for (int i = 0; i < 3; i++) sb.append(' ').append(r.nextInt(64));
            for (int i = 0; i < 3; i++) sb.append(' ').append(r.nextInt(1 << 30));
            sb.append(' ').append(r.nextInt(Integer.MAX_VALUE));
            sb.append(' ').append(r.nextLong());
            sb.append(' ').append(r.nextBoolean()).append(' ').append(r.nextBoolean());
            sb.append(' ').append(r.nextDouble()).append(' ').append(r.nextFloat());
            sb.append(' ').append(r.nextGaussian()).append(' ').append(r.nextGaussian()).append(' ').append(r.nextGaussian());
            System.out.println(sb);
        }
        Random r = new Random(7);
        byte[] bytes = new byte[11];
        r.nextBytes(bytes);
        System.out.println(Arrays.toString(bytes));
        int[] hist = new int[10];
        for (int i = 0; i < 10000; i++) hist[r.nextInt(10)]++;
        System.out.println(Arrays.toString(hist));
        // a bound whose rejection loop runs
        Random rr = new Random(99);
        long s = 0;
        for (int i = 0; i < 1000; i++) s += rr.nextInt(0x40000001);
        System.out.println(s);
        r.setSeed(2024);
        System.out.println(r.nextInt() + " " + r.nextGaussian() + " " + r.nextInt(5));
        r.setSeed(2024);
        System.out.println(r.nextInt() + " " + r.nextGaussian() + " " + r.nextInt(5));
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 20; i++) list.add(i);
        Collections.shuffle(list, new Random(5));
        System.out.println(list);
        LinkedList<Integer> linked = new LinkedList<>(list);
        Collections.shuffle(linked, new Random(6));
        System.out.println(linked);
        Integer[] arr = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        Collections.shuffle(Arrays.asList(arr), new Random(8));
        System.out.println(Arrays.toString(arr));
        try {
            new Random(1).nextInt(0);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        // a subclass overriding next(bits) is used by every method
        Random fixed = new Random(0) {
            protected int next(int bits) { return 12345 & ((1 << bits) - 1); }
        };
        System.out.println(fixed.nextInt() + " " + fixed.nextInt(10) + " " + fixed.nextBoolean() + " "
            + fixed.nextDouble() + " " + fixed.nextLong());
        double mr = Math.random();
        System.out.println(mr >= 0.0 && mr < 1.0);
    }
}
