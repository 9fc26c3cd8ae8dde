/* java.time.temporal.Temporal (JDK 17 API, the methods vifvm's java.time
 * implements). */
package java.time.temporal;

public interface Temporal {
    boolean isSupported(TemporalUnit unit);
    Temporal plus(long amountToAdd, TemporalUnit unit);
    Temporal minus(long amountToSubtract, TemporalUnit unit);
    long until(Temporal endExclusive, TemporalUnit unit);
}
