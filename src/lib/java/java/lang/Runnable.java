/* java.lang.Runnable for vifvm. */
package java.lang;

@FunctionalInterface
public interface Runnable {
    public abstract void run();
}
