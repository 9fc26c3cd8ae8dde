// conformance: min-release 17
// Duration methods from Java 9+: toSeconds, the to...Part family,
// dividedBy(Duration), truncatedTo.
import java.time.Duration;
import java.time.temporal.ChronoUnit;

public class DurationParts {
    public static void main(String[] args) {
        Duration[] ds = { Duration.ofSeconds(93784, 5_006_007), Duration.ofSeconds(-93784, 5_006_007), Duration.ofMillis(999), Duration.ZERO };
        for (Duration d : ds) {
            System.out.println(d + " " + d.toSeconds() + " " + d.toDaysPart() + " " + d.toHoursPart() + " " + d.toMinutesPart()
                + " " + d.toSecondsPart() + " " + d.toMillisPart() + " " + d.toNanosPart() + " " + d.truncatedTo(ChronoUnit.MINUTES)
                + " " + d.truncatedTo(ChronoUnit.MILLIS) + " " + d.dividedBy(Duration.ofMillis(7)));
        }
    }
}
