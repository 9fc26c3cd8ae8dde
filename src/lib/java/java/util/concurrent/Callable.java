/* java.util.concurrent.Callable: a task that returns a result (vifvm has no
 * executors to submit it to, but programs use it as a functional type). */
package java.util.concurrent;

@FunctionalInterface
public interface Callable<V> {
    V call() throws Exception;
}
