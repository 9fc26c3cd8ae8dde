/* java.time.Instant (JDK 17 API and behaviour; now() from the VM clock at
 * millisecond precision; no parse). */
package java.time;

import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;
import jdk.internal.vifvm.CivilDate;

public final class Instant implements Temporal, Comparable<Instant>, java.io.Serializable {
    public static final Instant EPOCH = new Instant(0, 0);
    private static final long MIN_SECOND = -31557014167219200L;
    private static final long MAX_SECOND = 31556889864403199L;
    public static final Instant MIN = Instant.ofEpochSecond(MIN_SECOND, 0);
    public static final Instant MAX = Instant.ofEpochSecond(MAX_SECOND, 999_999_999);
    private static final long serialVersionUID = -665713676816604388L;
    private static final int NANOS_PER_SECOND = 1000_000_000;

    private final long seconds;
    private final int nanos;

    private Instant(long epochSecond, int nanos) {
        this.seconds = epochSecond;
        this.nanos = nanos;
    }

    private static Instant create(long seconds, int nanoOfSecond) {
        if ((seconds | nanoOfSecond) == 0) return EPOCH;
        if (seconds < MIN_SECOND || seconds > MAX_SECOND)
            throw new DateTimeException("Instant exceeds minimum or maximum instant");
        return new Instant(seconds, nanoOfSecond);
    }

    public static Instant now() {
        return ofEpochMilli(System.currentTimeMillis());
    }

    public static Instant ofEpochSecond(long epochSecond) {
        return create(epochSecond, 0);
    }

    public static Instant ofEpochSecond(long epochSecond, long nanoAdjustment) {
        long secs = Math.addExact(epochSecond, Math.floorDiv(nanoAdjustment, NANOS_PER_SECOND));
        int nos = (int) Math.floorMod(nanoAdjustment, NANOS_PER_SECOND);
        return create(secs, nos);
    }

    public static Instant ofEpochMilli(long epochMilli) {
        long secs = Math.floorDiv(epochMilli, 1000);
        int mos = (int) Math.floorMod(epochMilli, 1000);
        return create(secs, mos * 1000_000);
    }

    public boolean isSupported(TemporalUnit unit) {
        if (unit instanceof ChronoUnit) return unit.isTimeBased() || unit == ChronoUnit.DAYS;
        return unit != null;
    }

    public long getEpochSecond() {
        return seconds;
    }

    public int getNano() {
        return nanos;
    }

    public Instant plus(TemporalAmount amountToAdd) {
        return (Instant) amountToAdd.addTo(this);
    }

    public Instant plus(long amountToAdd, TemporalUnit unit) {
        if (unit instanceof ChronoUnit) {
            switch ((ChronoUnit) unit) {
            case NANOS: return plusNanos(amountToAdd);
            case MICROS: return plus(amountToAdd / 1000_000, (amountToAdd % 1000_000) * 1000);
            case MILLIS: return plusMillis(amountToAdd);
            case SECONDS: return plusSeconds(amountToAdd);
            case MINUTES: return plusSeconds(Math.multiplyExact(amountToAdd, 60));
            case HOURS: return plusSeconds(Math.multiplyExact(amountToAdd, 3600));
            case HALF_DAYS: return plusSeconds(Math.multiplyExact(amountToAdd, 86400 / 2));
            case DAYS: return plusSeconds(Math.multiplyExact(amountToAdd, 86400));
            default: break;
            }
            throw new UnsupportedTemporalTypeException("Unsupported unit: " + unit);
        }
        return unit.addTo(this, amountToAdd);
    }

    public Instant plusSeconds(long secondsToAdd) {
        return plus(secondsToAdd, 0);
    }

    public Instant plusMillis(long millisToAdd) {
        return plus(millisToAdd / 1000, (millisToAdd % 1000) * 1000_000);
    }

    public Instant plusNanos(long nanosToAdd) {
        return plus(0, nanosToAdd);
    }

    private Instant plus(long secondsToAdd, long nanosToAdd) {
        if ((secondsToAdd | nanosToAdd) == 0) return this;
        long epochSec = Math.addExact(seconds, secondsToAdd);
        epochSec = Math.addExact(epochSec, nanosToAdd / NANOS_PER_SECOND);
        nanosToAdd = nanosToAdd % NANOS_PER_SECOND;
        long nanoAdjustment = nanos + nanosToAdd;
        return ofEpochSecond(epochSec, nanoAdjustment);
    }

    public Instant minus(TemporalAmount amountToSubtract) {
        return (Instant) amountToSubtract.subtractFrom(this);
    }

    public Instant minus(long amountToSubtract, TemporalUnit unit) {
        return (amountToSubtract == Long.MIN_VALUE ? plus(Long.MAX_VALUE, unit).plus(1, unit) : plus(-amountToSubtract, unit));
    }

    public Instant minusSeconds(long secondsToSubtract) {
        if (secondsToSubtract == Long.MIN_VALUE) return plusSeconds(Long.MAX_VALUE).plusSeconds(1);
        return plusSeconds(-secondsToSubtract);
    }

    public Instant minusMillis(long millisToSubtract) {
        if (millisToSubtract == Long.MIN_VALUE) return plusMillis(Long.MAX_VALUE).plusMillis(1);
        return plusMillis(-millisToSubtract);
    }

    public Instant minusNanos(long nanosToSubtract) {
        if (nanosToSubtract == Long.MIN_VALUE) return plusNanos(Long.MAX_VALUE).plusNanos(1);
        return plusNanos(-nanosToSubtract);
    }

    public long until(Temporal endExclusive, TemporalUnit unit) {
        Instant end = (Instant) endExclusive;
        if (unit instanceof ChronoUnit) {
            switch ((ChronoUnit) unit) {
            case NANOS: return nanosUntil(end);
            case MICROS: return nanosUntil(end) / 1000;
            case MILLIS: return Math.subtractExact(end.toEpochMilli(), toEpochMilli());
            case SECONDS: return secondsUntil(end);
            case MINUTES: return secondsUntil(end) / 60;
            case HOURS: return secondsUntil(end) / 3600;
            case HALF_DAYS: return secondsUntil(end) / (12 * 3600);
            case DAYS: return secondsUntil(end) / (86400);
            default: break;
            }
            throw new UnsupportedTemporalTypeException("Unsupported unit: " + unit);
        }
        return unit.between(this, end);
    }

    private long nanosUntil(Instant end) {
        long secsDiff = Math.subtractExact(end.seconds, seconds);
        long totalNanos = Math.multiplyExact(secsDiff, NANOS_PER_SECOND);
        return Math.addExact(totalNanos, end.nanos - nanos);
    }

    private long secondsUntil(Instant end) {
        long secsDiff = Math.subtractExact(end.seconds, seconds);
        long nanosDiff = end.nanos - nanos;
        if (secsDiff > 0 && nanosDiff < 0) secsDiff--;
        else if (secsDiff < 0 && nanosDiff > 0) secsDiff++;
        return secsDiff;
    }

    public Instant truncatedTo(TemporalUnit unit) {
        if (unit == ChronoUnit.NANOS) return this;
        Duration unitDur = unit.getDuration();
        if (unitDur.getSeconds() > 86400) throw new UnsupportedTemporalTypeException("Unit is too large to be used for truncation");
        long dur = unitDur.toNanos();
        if ((86400L * NANOS_PER_SECOND % dur) != 0) throw new UnsupportedTemporalTypeException("Unit must divide into a standard day without remainder");
        long nod = Math.floorMod(seconds, 86400L) * NANOS_PER_SECOND + nanos;
        long result = Math.floorDiv(nod, dur) * dur;
        return plusNanos(result - nod);
    }

    public long toEpochMilli() {
        if (seconds < 0 && nanos > 0) {
            long millis = Math.multiplyExact(seconds + 1, 1000);
            long adjustment = nanos / 1000_000 - 1000;
            return Math.addExact(millis, adjustment);
        } else {
            long millis = Math.multiplyExact(seconds, 1000);
            return Math.addExact(millis, nanos / 1000_000);
        }
    }

    public int compareTo(Instant otherInstant) {
        int cmp = Long.compare(seconds, otherInstant.seconds);
        if (cmp != 0) return cmp;
        return nanos - otherInstant.nanos;
    }

    public boolean isAfter(Instant otherInstant) {
        return compareTo(otherInstant) > 0;
    }

    public boolean isBefore(Instant otherInstant) {
        return compareTo(otherInstant) < 0;
    }

    public boolean equals(Object other) {
        if (this == other) return true;
        return (other instanceof Instant) && this.seconds == ((Instant) other).seconds
            && this.nanos == ((Instant) other).nanos;
    }

    public int hashCode() {
        return ((int) (seconds ^ (seconds >>> 32))) + 51 * nanos;
    }

    /* DateTimeFormatter.ISO_INSTANT */
    public String toString() {
        StringBuilder buf = new StringBuilder(32);
        long days = Math.floorDiv(seconds, 86400L);
        int sod = (int) Math.floorMod(seconds, 86400L);
        int[] ymd = CivilDate.fromEpochDay(days);
        int year = ymd[0];
        if (year > 9999) buf.append('+').append(year);
        else if (year < 0) {
            buf.append('-');
            CivilDate.pad(buf, -(long) year, 4);
        } else CivilDate.pad(buf, year, 4);
        buf.append('-');
        CivilDate.pad(buf, ymd[1], 2);
        buf.append('-');
        CivilDate.pad(buf, ymd[2], 2);
        buf.append('T');
        CivilDate.pad(buf, sod / 3600, 2);
        buf.append(':');
        CivilDate.pad(buf, (sod / 60) % 60, 2);
        buf.append(':');
        CivilDate.pad(buf, sod % 60, 2);
        if (nanos > 0) {
            buf.append('.');
            if (nanos % 1000_000 == 0) CivilDate.pad(buf, nanos / 1000_000, 3);
            else if (nanos % 1000 == 0) CivilDate.pad(buf, nanos / 1000, 6);
            else CivilDate.pad(buf, nanos, 9);
        }
        buf.append('Z');
        return buf.toString();
    }
}
