// java.util.concurrent.TimeUnit: conversions both ways, saturation at the
// long range, the enum itself.
import java.util.concurrent.TimeUnit;

public class TimeUnitOps {
    public static void main(String[] args) throws Exception {
        for (TimeUnit u : TimeUnit.values()) {
            System.out.println(u + " " + u.ordinal() + " " + u.toNanos(3) + " " + u.toMicros(3) + " " + u.toMillis(3)
                + " " + u.toSeconds(3) + " " + u.toMinutes(3) + " " + u.toHours(3) + " " + u.toDays(3));
            System.out.println("  " + u.toNanos(Long.MAX_VALUE / 2) + " " + u.toMillis(-Long.MAX_VALUE) + " "
                + u.toSeconds(Long.MIN_VALUE) + " " + u.toDays(-100000));
            StringBuilder sb = new StringBuilder("  ");
            for (TimeUnit v : TimeUnit.values()) sb.append(u.convert(1234567, v)).append(' ');
            for (TimeUnit v : TimeUnit.values()) sb.append(u.convert(-98765432109876L, v)).append(' ');
            System.out.println(sb);
        }
        System.out.println(TimeUnit.valueOf("HOURS").compareTo(TimeUnit.SECONDS) + " " + TimeUnit.MILLISECONDS.name());
        System.out.println(TimeUnit.SECONDS.convert(90, TimeUnit.MINUTES) + " " + TimeUnit.MINUTES.convert(90, TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        TimeUnit.MILLISECONDS.sleep(2);
        TimeUnit.NANOSECONDS.sleep(-5);
        System.out.println("slept " + (System.nanoTime() - t0 >= 2000000L));
        switch (TimeUnit.DAYS) {
        case DAYS:
            System.out.println("switch DAYS");
            break;
        default:
            System.out.println("switch other");
        }
        try {
            TimeUnit.valueOf("WEEKS");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
