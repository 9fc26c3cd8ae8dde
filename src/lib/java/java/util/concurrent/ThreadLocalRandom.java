/* java.util.concurrent.ThreadLocalRandom for vifvm: one instance (a VM
 * instance has one thread), seeded from the clock like new Random();
 * setSeed throws UnsupportedOperationException as in the JDK.  Its number
 * sequence is Random's, not the JDK's (which is unseeded anyway). */
package java.util.concurrent;

import java.util.Random;

public class ThreadLocalRandom extends Random {
    private static final long serialVersionUID = -5851777807851030925L;
    private static ThreadLocalRandom instance;
    private boolean initialized;

    private ThreadLocalRandom() {
        super();
        initialized = true;
    }

    public static ThreadLocalRandom current() {
        ThreadLocalRandom r = instance;
        if (r == null) instance = r = new ThreadLocalRandom();
        return r;
    }

    public void setSeed(long seed) {
        if (initialized) throw new UnsupportedOperationException();
        super.setSeed(seed);
    }
}
