// Random.ints/longs/doubles: the JDK 17 algorithms, sizes and messages.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class RandomStreams {
    public static void main(String[] args) {
        Random r = new Random(42);
        System.out.println(Arrays.toString(r.ints(5).toArray()));
        System.out.println(Arrays.toString(r.ints(6, 10, 20).toArray()));
        System.out.println(Arrays.toString(r.ints(4, -1000000000, 2000000000).toArray()));
        System.out.println(Arrays.toString(r.ints(4, 0, 64).toArray()));
        System.out.println(r.ints().limit(3).boxed().collect(Collectors.toList()));
        System.out.println(r.ints(1, 7).limit(10).boxed().collect(Collectors.toList()));
        System.out.println(Arrays.toString(r.longs(3).toArray()));
        System.out.println(Arrays.toString(r.longs(3, 100L, 1000000000000L).toArray()));
        System.out.println(r.longs(-5L, 5L).limit(6).boxed().collect(Collectors.toList()));
        System.out.println(Arrays.toString(r.doubles(3).toArray()));
        System.out.println(Arrays.toString(r.doubles(3, -2.5, 2.5).toArray()));
        System.out.println(r.doubles().limit(2).sum() + " " + r.doubles(10.0, 11.0).limit(2).max());
        // sized: count does not draw numbers
        System.out.println(r.ints(1000).peek(new IntConsumer() {
            public void accept(int v) { System.out.println("drawn"); }
        }).count() + " " + r.nextInt());
        System.out.println(new Random(7).ints(10, 0, 6).summaryStatistics());
        try {
            r.ints(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        try {
            r.ints(5, 5);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
        try {
            r.doubles(1.0, Double.NaN);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
    }
}
