// conformance: min-release 17
// TimeUnit with java.time (Java 9+): toChronoUnit, of, convert(Duration).
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

public class TimeUnitChrono {
    public static void main(String[] args) {
        Duration[] ds = { Duration.ofSeconds(90, 5), Duration.ofMillis(-1500), Duration.ofNanos(-1),
                          Duration.ofDays(3), Duration.ofSeconds(Long.MAX_VALUE), Duration.ofSeconds(Long.MIN_VALUE) };
        for (TimeUnit u : TimeUnit.values()) {
            StringBuilder sb = new StringBuilder(u + " " + u.toChronoUnit() + " " + TimeUnit.of(u.toChronoUnit()));
            for (Duration d : ds) sb.append(' ').append(u.convert(d));
            System.out.println(sb);
        }
        try {
            TimeUnit.of(ChronoUnit.WEEKS);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
    }
}
