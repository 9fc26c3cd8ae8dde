// java.util.Random with fixed seeds: the LCG sequence is specified, so every method is deterministic.
import java.util.Random;

public class RandomSeeded {
    public static void main(String[] args) {
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(r.nextInt()).append(' ');
        System.out.println(sb);
        sb.setLength(0);
        for (int i = 0; i < 20; i++) sb.append(r.nextInt(100)).append(' ');
        System.out.println(sb);
        sb.setLength(0);
        int[] bounds = {1, 2, 3, 7, 16, 1000, 1 << 30, Integer.MAX_VALUE};
        for (int b : bounds) sb.append(r.nextInt(b)).append(' ');
        System.out.println(sb);
        System.out.println(r.nextLong() + " " + r.nextLong() + " " + r.nextBoolean() + " " + r.nextBoolean());
        System.out.println(r.nextDouble() + " " + r.nextFloat() + " " + r.nextGaussian() + " " + r.nextGaussian());
        byte[] bytes = new byte[10];
        r.nextBytes(bytes);
        sb.setLength(0);
        for (byte b : bytes) sb.append(b).append(' ');
        System.out.println(sb);
        r.setSeed(42);
        System.out.println("reseeded " + r.nextInt());
        Random a = new Random(-1L), b = new Random(-1L);
        boolean same = true;
        for (int i = 0; i < 1000; i++) if (a.nextLong() != b.nextLong()) same = false;
        System.out.println("same " + same);
        try {
            r.nextInt(0);
        } catch (IllegalArgumentException e) {
            System.out.println("nextInt(0) rejected");
        }
        long[] hist = new long[10];
        Random h = new Random(2024);
        for (int i = 0; i < 100000; i++) hist[h.nextInt(10)]++;
        sb.setLength(0);
        for (long v : hist) sb.append(v).append(' ');
        System.out.println(sb);
    }
}
