// Float.toString of 2000 floats with seeded random bit patterns, plus round trips through parseFloat.
import java.util.Random;

public class FloatToStringRandom {
    public static void main(String[] args) {
        Random r = new Random(20240601L);
        int roundTrip = 0;
        for (int i = 0; i < 2000; i++) {
            float f = Float.intBitsToFloat(r.nextInt());
            String s = Float.toString(f);
            if (i % 4 == 0) System.out.println(s);
            if (Float.isNaN(f) || Float.floatToIntBits(Float.parseFloat(s)) == Float.floatToIntBits(f)) roundTrip++;
        }
        System.out.println("round trips " + roundTrip);
        for (int i = 0; i < 200; i++) {
            float f = r.nextFloat() * (float) Math.pow(10, r.nextInt(20) - 10);
            System.out.println(f);
        }
    }
}
