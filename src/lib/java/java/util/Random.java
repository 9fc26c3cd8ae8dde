/* java.util.Random for vifvm: exactly the JDK's 48-bit LCG (seed scrambling
 * with 0x5DEECE66DL, next(bits), and the JDK 17 bounded/ranged variants),
 * so the same seed yields the same sequence. */
package java.util;

public class Random implements java.io.Serializable {
    static final long serialVersionUID = 3905348978240129619L;

    private long seed;
    private static final long multiplier = 0x5DEECE66DL;
    private static final long addend = 0xBL;
    private static final long mask = (1L << 48) - 1;
    private static final double DOUBLE_UNIT = 0x1.0p-53;

    private double nextNextGaussian;
    private boolean haveNextNextGaussian = false;

    private static long seedUniquifier = 8682522807148012L;

    public Random() {
        this(seedUniquifier() ^ System.nanoTime());
    }

    private static long seedUniquifier() {
        long next = seedUniquifier * 1181783497276652981L;
        seedUniquifier = next;
        return next;
    }

    public Random(long seed) {
        this.seed = initialScramble(seed);
    }

    private static long initialScramble(long seed) {
        return (seed ^ multiplier) & mask;
    }

    public synchronized void setSeed(long seed) {
        this.seed = initialScramble(seed);
        haveNextNextGaussian = false;
    }

    protected int next(int bits) {
        long nextseed = (seed * multiplier + addend) & mask;
        seed = nextseed;
        return (int) (nextseed >>> (48 - bits));
    }

    public void nextBytes(byte[] bytes) {
        for (int i = 0, len = bytes.length; i < len; ) {
            for (int rnd = nextInt(), n = Math.min(len - i, 4); n-- > 0; rnd >>= 8) bytes[i++] = (byte) rnd;
        }
    }

    public int nextInt() {
        return next(32);
    }

    public int nextInt(int bound) {
        if (bound <= 0) throw new IllegalArgumentException("bound must be positive");
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            r = (int) ((bound * (long) r) >> 31);
        } else {
            for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
            }
        }
        return r;
    }

    public int nextInt(int origin, int bound) {
        if (origin >= bound) throw new IllegalArgumentException("bound must be greater than origin");
        int r = nextInt();
        final int n = bound - origin, m = n - 1;
        if ((n & m) == 0) {
            r = (r & m) + origin;
        } else if (n > 0) {
            for (int u = r >>> 1; u + m - (r = u % n) < 0; u = nextInt() >>> 1) {
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) r = nextInt();
        }
        return r;
    }

    public long nextLong() {
        return ((long) (next(32)) << 32) + next(32);
    }

    public long nextLong(long bound) {
        if (bound <= 0) throw new IllegalArgumentException("bound must be positive");
        final long m = bound - 1;
        long r = nextLong();
        if ((bound & m) == 0L) {
            r &= m;
        } else {
            for (long u = r >>> 1; u + m - (r = u % bound) < 0L; u = nextLong() >>> 1) {
            }
        }
        return r;
    }

    public long nextLong(long origin, long bound) {
        if (origin >= bound) throw new IllegalArgumentException("bound must be greater than origin");
        long r = nextLong();
        final long n = bound - origin, m = n - 1;
        if ((n & m) == 0L) {
            r = (r & m) + origin;
        } else if (n > 0L) {
            for (long u = r >>> 1; u + m - (r = u % n) < 0L; u = nextLong() >>> 1) {
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) r = nextLong();
        }
        return r;
    }

    public boolean nextBoolean() {
        return next(1) != 0;
    }

    public float nextFloat() {
        return next(24) / ((float) (1 << 24));
    }

    public double nextDouble() {
        return (((long) (next(26)) << 27) + next(27)) * DOUBLE_UNIT;
    }

    public double nextDouble(double bound) {
        if (!(bound > 0.0 && bound < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("bound must be finite and positive");
        double r = nextDouble();
        r = r * bound;
        if (r >= bound) r = Math.nextDown(bound);
        return r;
    }

    public double nextDouble(double origin, double bound) {
        if (!(origin < bound && (bound - origin) < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("bound must be greater than origin");
        double r = nextDouble();
        r = r * (bound - origin) + origin;
        if (r >= bound) r = Math.nextAfter(bound, origin);
        return r;
    }

    public synchronized double nextGaussian() {
        if (haveNextNextGaussian) {
            haveNextNextGaussian = false;
            return nextNextGaussian;
        }
        double v1, v2, s;
        do {
            v1 = 2 * nextDouble() - 1;
            v2 = 2 * nextDouble() - 1;
            s = v1 * v1 + v2 * v2;
        } while (s >= 1 || s == 0);
        double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
        nextNextGaussian = v2 * multiplier;
        haveNextNextGaussian = true;
        return v1 * multiplier;
    }

    // ---- streams (JDK 17: sized spliterators, Long.MAX_VALUE when unlimited)

    private static final String BAD_SIZE = "size must be non-negative";
    private static final String BAD_RANGE = "bound must be greater than origin";

    private java.util.stream.IntStream ints0(final long size, final int origin, final int bound) {
        return java.util.stream.StreamSupport.intStream(new Spliterator.OfInt() {
            long index = 0;

            public boolean tryAdvance(java.util.function.IntConsumer action) {
                Objects.requireNonNull(action);
                if (index >= size) return false;
                action.accept((origin < bound ? nextInt(origin, bound) : nextInt()));
                index++;
                return true;
            }

            public Spliterator.OfInt trySplit() { return null; }

            public long estimateSize() { return size - index; }

            public int characteristics() {
                return Spliterator.SIZED | Spliterator.SUBSIZED | Spliterator.NONNULL | Spliterator.IMMUTABLE;
            }
        }, false);
    }

    public java.util.stream.IntStream ints(long streamSize) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        return ints0(streamSize, Integer.MAX_VALUE, 0);
    }

    public java.util.stream.IntStream ints() {
        return ints0(Long.MAX_VALUE, Integer.MAX_VALUE, 0);
    }

    public java.util.stream.IntStream ints(long streamSize, int origin, int bound) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        if (origin >= bound) throw new IllegalArgumentException(BAD_RANGE);
        return ints0(streamSize, origin, bound);
    }

    public java.util.stream.IntStream ints(int origin, int bound) {
        if (origin >= bound) throw new IllegalArgumentException(BAD_RANGE);
        return ints0(Long.MAX_VALUE, origin, bound);
    }

    private java.util.stream.LongStream longs0(final long size, final long origin, final long bound) {
        return java.util.stream.StreamSupport.longStream(new Spliterator.OfLong() {
            long index = 0;

            public boolean tryAdvance(java.util.function.LongConsumer action) {
                Objects.requireNonNull(action);
                if (index >= size) return false;
                action.accept((origin < bound ? nextLong(origin, bound) : nextLong()));
                index++;
                return true;
            }

            public Spliterator.OfLong trySplit() { return null; }

            public long estimateSize() { return size - index; }

            public int characteristics() {
                return Spliterator.SIZED | Spliterator.SUBSIZED | Spliterator.NONNULL | Spliterator.IMMUTABLE;
            }
        }, false);
    }

    public java.util.stream.LongStream longs(long streamSize) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        return longs0(streamSize, Long.MAX_VALUE, 0L);
    }

    public java.util.stream.LongStream longs() {
        return longs0(Long.MAX_VALUE, Long.MAX_VALUE, 0L);
    }

    public java.util.stream.LongStream longs(long streamSize, long origin, long bound) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        if (origin >= bound) throw new IllegalArgumentException(BAD_RANGE);
        return longs0(streamSize, origin, bound);
    }

    public java.util.stream.LongStream longs(long origin, long bound) {
        if (origin >= bound) throw new IllegalArgumentException(BAD_RANGE);
        return longs0(Long.MAX_VALUE, origin, bound);
    }

    private java.util.stream.DoubleStream doubles0(final long size, final double origin, final double bound) {
        return java.util.stream.StreamSupport.doubleStream(new Spliterator.OfDouble() {
            long index = 0;

            public boolean tryAdvance(java.util.function.DoubleConsumer action) {
                Objects.requireNonNull(action);
                if (index >= size) return false;
                action.accept((origin < bound ? nextDouble(origin, bound) : nextDouble()));
                index++;
                return true;
            }

            public Spliterator.OfDouble trySplit() { return null; }

            public long estimateSize() { return size - index; }

            public int characteristics() {
                return Spliterator.SIZED | Spliterator.SUBSIZED | Spliterator.NONNULL | Spliterator.IMMUTABLE;
            }
        }, false);
    }

    public java.util.stream.DoubleStream doubles(long streamSize) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        return doubles0(streamSize, 1.0, 0.0);
    }

    public java.util.stream.DoubleStream doubles() {
        return doubles0(Long.MAX_VALUE, 1.0, 0.0);
    }

    public java.util.stream.DoubleStream doubles(long streamSize, double origin, double bound) {
        if (streamSize < 0L) throw new IllegalArgumentException(BAD_SIZE);
        if (!(origin < bound && (bound - origin) < Double.POSITIVE_INFINITY)) throw new IllegalArgumentException(BAD_RANGE);
        return doubles0(streamSize, origin, bound);
    }

    public java.util.stream.DoubleStream doubles(double origin, double bound) {
        if (!(origin < bound && (bound - origin) < Double.POSITIVE_INFINITY)) throw new IllegalArgumentException(BAD_RANGE);
        return doubles0(Long.MAX_VALUE, origin, bound);
    }
}
