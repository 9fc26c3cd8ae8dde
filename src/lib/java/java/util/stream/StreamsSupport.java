/* java.util.stream.StreamsSupport for vifvm: small helpers shared by the
 * pipelines (rethrowing a Throwable from a Runnable, as the JDK's
 * Streams.composeWithExceptions does). */
package java.util.stream;

final class StreamsSupport {
    private StreamsSupport() {}

    @SuppressWarnings("unchecked")
    static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }
}
