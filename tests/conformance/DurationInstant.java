// java.time basics: Duration (factories, arithmetic, conversions, ISO
// toString, ordering) and Instant on fixed values (ISO-8601 UTC text,
// epoch conversions, arithmetic, between), ChronoUnit.
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

public class DurationInstant {
    public static void main(String[] args) {
        Duration[] ds = {
            Duration.ZERO, Duration.ofSeconds(1, 500_000_000), Duration.ofMillis(-1500), Duration.ofNanos(1),
            Duration.ofNanos(-1), Duration.ofMinutes(90), Duration.ofHours(25), Duration.ofDays(2),
            Duration.ofSeconds(3661, 10), Duration.ofSeconds(-3661, 10), Duration.ofMillis(123456789),
            Duration.of(3, ChronoUnit.HALF_DAYS), Duration.of(7, ChronoUnit.MICROS), Duration.ofSeconds(59, 999_999_999),
            Duration.ofSeconds(-59, -1), Duration.ofSeconds(0, -500_000_000),
        };
        for (Duration d : ds) {
            System.out.println(d + " s=" + d.getSeconds() + " n=" + d.getNano() + " ms=" + d.toMillis() + " ns=" + d.toNanos()
                + " min=" + d.toMinutes() + " h=" + d.toHours() + " d=" + d.toDays() + " neg=" + d.isNegative()
                + " zero=" + d.isZero() + " abs=" + d.abs() + " -=" + d.negated() + " hash=" + d.hashCode());
        }
        Duration a = Duration.ofSeconds(10);
        System.out.println(a.plus(Duration.ofMillis(250)) + " " + a.minus(Duration.ofMinutes(1)) + " " + a.plusMinutes(2)
            + " " + a.plusHours(1) + " " + a.plusDays(1) + " " + a.minusSeconds(11) + " " + a.plusMillis(-1) + " " + a.minusNanos(5)
            + " " + a.multipliedBy(-7) + " " + a.dividedBy(3) + " " + a.dividedBy(-4) + " " + a.plus(5, ChronoUnit.MILLIS)
            + " " + a.minus(2, ChronoUnit.HOURS) + " " + a.withSeconds(3) + " " + a.withNanos(7));
        System.out.println(a.compareTo(Duration.ofMillis(10000)) + " " + a.equals(Duration.ofMillis(10000))
            + " " + Integer.signum(a.compareTo(Duration.ofSeconds(10, 1))) + " " + Integer.signum(Duration.ofNanos(-1).compareTo(Duration.ZERO)));
        try {
            Duration.ofSeconds(Long.MAX_VALUE).plusSeconds(1);
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException " + e.getMessage());
        }
        try {
            a.dividedBy(0);
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException " + e.getMessage());
        }
        try {
            Duration.of(1, ChronoUnit.MONTHS);
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getName() + " " + e.getMessage());
        }

        Instant[] is = {
            Instant.EPOCH, Instant.ofEpochMilli(1700000000123L), Instant.ofEpochSecond(951782400), Instant.ofEpochSecond(-1),
            Instant.ofEpochMilli(-1), Instant.ofEpochSecond(253402300799L), Instant.ofEpochSecond(253402300800L),
            Instant.ofEpochSecond(1, 120_000), Instant.ofEpochSecond(1, 123_456_789), Instant.ofEpochSecond(-62135596800L),
            Instant.ofEpochSecond(0, -1), Instant.ofEpochSecond(4102444800L), Instant.ofEpochSecond(1583020800L),
        };
        for (Instant i : is) {
            System.out.println(i + " s=" + i.getEpochSecond() + " n=" + i.getNano() + " ms=" + i.toEpochMilli() + " hash=" + i.hashCode());
        }
        Instant t = Instant.ofEpochSecond(1_000_000_000L);
        System.out.println(t + " " + t.plusSeconds(86400) + " " + t.plusMillis(1) + " " + t.plusNanos(-1) + " " + t.minusSeconds(3600)
            + " " + t.plus(Duration.ofMinutes(30)) + " " + t.minus(Duration.ofDays(365)) + " " + t.plus(2, ChronoUnit.DAYS)
            + " " + t.minus(3, ChronoUnit.HOURS) + " " + t.truncatedTo(ChronoUnit.HOURS) + " " + t.plusMillis(1234).truncatedTo(ChronoUnit.SECONDS));
        Instant u = t.plusSeconds(5000).plusMillis(250);
        System.out.println(Duration.between(t, u) + " " + Duration.between(u, t) + " " + t.until(u, ChronoUnit.MINUTES)
            + " " + ChronoUnit.MILLIS.between(t, u) + " " + ChronoUnit.SECONDS.between(u, t) + " " + t.isBefore(u) + " " + t.isAfter(u)
            + " " + t.compareTo(u) + " " + t.equals(Instant.ofEpochMilli(1_000_000_000_000L)));
        for (ChronoUnit cu : ChronoUnit.values()) {
            System.out.println(cu + " " + cu.name() + " " + cu.getDuration() + " " + cu.isDurationEstimated() + " " + cu.isDateBased() + " " + cu.isTimeBased());
        }
        Instant now = Instant.now();
        long ms = System.currentTimeMillis();
        System.out.println("now sane " + (Math.abs(now.toEpochMilli() - ms) < 60000) + " " + now.isAfter(Instant.ofEpochSecond(1600000000L)));
        try {
            Instant.ofEpochSecond(Long.MAX_VALUE);
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getName() + " " + e.getMessage());
        }
    }
}
