/* java.time.temporal.TemporalAmount (JDK 17 API, the methods vifvm's
 * java.time implements). */
package java.time.temporal;

public interface TemporalAmount {
    long get(TemporalUnit unit);
    Temporal addTo(Temporal temporal);
    Temporal subtractFrom(Temporal temporal);
}
