// Double.toString of 2000 doubles with seeded random bit patterns, plus round trips through parseDouble.
import java.util.Random;

public class DoubleToStringRandom {
    public static void main(String[] args) {
        Random r = new Random(987654321L);
        int roundTrip = 0;
        for (int i = 0; i < 2000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            String s = Double.toString(d);
            if (i % 4 == 0) System.out.println(s);
            if (Double.isNaN(d) || Double.doubleToLongBits(Double.parseDouble(s)) == Double.doubleToLongBits(d)) roundTrip++;
        }
        System.out.println("round trips " + roundTrip);
        for (int i = 0; i < 200; i++) {
            double d = r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            System.out.println(d);
        }
        for (int i = 0; i < 100; i++) {
            long n = r.nextLong() >>> r.nextInt(64);
            System.out.println(n + " " + (double) n + " " + (float) n);
        }
    }
}
