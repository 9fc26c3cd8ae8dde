/* java.time.Duration (JDK 17 API and behaviour; no parse). */
package java.time;

import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;

public final class Duration implements TemporalAmount, Comparable<Duration>, java.io.Serializable {
    public static final Duration ZERO = new Duration(0, 0);
    private static final long serialVersionUID = 3078945930695997490L;
    private static final int NANOS_PER_SECOND = 1000_000_000;

    private final long seconds;
    private final int nanos;

    private Duration(long seconds, int nanos) {
        this.seconds = seconds;
        this.nanos = nanos;
    }

    private static Duration create(long seconds, int nanoAdjustment) {
        if ((seconds | nanoAdjustment) == 0) return ZERO;
        return new Duration(seconds, nanoAdjustment);
    }

    public static Duration ofDays(long days) {
        return create(Math.multiplyExact(days, 86400L), 0);
    }

    public static Duration ofHours(long hours) {
        return create(Math.multiplyExact(hours, 3600L), 0);
    }

    public static Duration ofMinutes(long minutes) {
        return create(Math.multiplyExact(minutes, 60L), 0);
    }

    public static Duration ofSeconds(long seconds) {
        return create(seconds, 0);
    }

    public static Duration ofSeconds(long seconds, long nanoAdjustment) {
        long secs = Math.addExact(seconds, Math.floorDiv(nanoAdjustment, NANOS_PER_SECOND));
        int nos = (int) Math.floorMod(nanoAdjustment, NANOS_PER_SECOND);
        return create(secs, nos);
    }

    public static Duration ofMillis(long millis) {
        long secs = millis / 1000;
        int mos = (int) (millis % 1000);
        if (mos < 0) {
            mos += 1000;
            secs--;
        }
        return create(secs, mos * 1000_000);
    }

    public static Duration ofNanos(long nanos) {
        long secs = nanos / NANOS_PER_SECOND;
        int nos = (int) (nanos % NANOS_PER_SECOND);
        if (nos < 0) {
            nos += NANOS_PER_SECOND;
            secs--;
        }
        return create(secs, nos);
    }

    public static Duration of(long amount, TemporalUnit unit) {
        return ZERO.plus(amount, unit);
    }

    public static Duration from(TemporalAmount amount) {
        if (amount instanceof Duration) return (Duration) amount;
        throw new UnsupportedTemporalTypeException("Unit must not have an estimated duration");
    }

    public static Duration between(Temporal startInclusive, Temporal endExclusive) {
        try {
            return ofNanos(startInclusive.until(endExclusive, ChronoUnit.NANOS));
        } catch (DateTimeException | ArithmeticException ex) {
            long secs = startInclusive.until(endExclusive, ChronoUnit.SECONDS);
            long nanos;
            try {
                nanos = ((Instant) endExclusive).getNano() - ((Instant) startInclusive).getNano();
                if (secs > 0 && nanos < 0) secs++;
                else if (secs < 0 && nanos > 0) secs--;
            } catch (ClassCastException ex2) {
                nanos = 0;
            }
            return ofSeconds(secs, nanos);
        }
    }

    public long get(TemporalUnit unit) {
        if (unit == ChronoUnit.SECONDS) return seconds;
        else if (unit == ChronoUnit.NANOS) return nanos;
        else throw new UnsupportedTemporalTypeException("Unsupported unit: " + unit);
    }

    public boolean isZero() {
        return (seconds | nanos) == 0;
    }

    public boolean isNegative() {
        return seconds < 0;
    }

    public long getSeconds() {
        return seconds;
    }

    public int getNano() {
        return nanos;
    }

    public Duration withSeconds(long seconds) {
        return create(seconds, nanos);
    }

    public Duration withNanos(int nanoOfSecond) {
        if (nanoOfSecond < 0 || nanoOfSecond > 999_999_999)
            throw new DateTimeException("Invalid value for NanoOfSecond (valid values 0 - 999999999): " + nanoOfSecond);
        return create(seconds, nanoOfSecond);
    }

    public Duration plus(Duration duration) {
        return plus(duration.getSeconds(), duration.getNano());
    }

    public Duration plus(long amountToAdd, TemporalUnit unit) {
        if (unit == ChronoUnit.DAYS) return plus(Math.multiplyExact(amountToAdd, 86400L), 0);
        if (unit.isDurationEstimated()) throw new UnsupportedTemporalTypeException("Unit must not have an estimated duration");
        if (amountToAdd == 0) return this;
        if (unit instanceof ChronoUnit) {
            switch ((ChronoUnit) unit) {
            case NANOS: return plusNanos(amountToAdd);
            case MICROS: return plusSeconds((amountToAdd / (1000_000L * 1000)) * 1000).plusNanos((amountToAdd % (1000_000L * 1000)) * 1000);
            case MILLIS: return plusMillis(amountToAdd);
            case SECONDS: return plusSeconds(amountToAdd);
            default: break;
            }
            return plusSeconds(Math.multiplyExact(unit.getDuration().seconds, amountToAdd));
        }
        Duration duration = unit.getDuration().multipliedBy(amountToAdd);
        return plusSeconds(duration.getSeconds()).plusNanos(duration.getNano());
    }

    public Duration plusDays(long daysToAdd) {
        return plus(Math.multiplyExact(daysToAdd, 86400L), 0);
    }

    public Duration plusHours(long hoursToAdd) {
        return plus(Math.multiplyExact(hoursToAdd, 3600L), 0);
    }

    public Duration plusMinutes(long minutesToAdd) {
        return plus(Math.multiplyExact(minutesToAdd, 60L), 0);
    }

    public Duration plusSeconds(long secondsToAdd) {
        return plus(secondsToAdd, 0);
    }

    public Duration plusMillis(long millisToAdd) {
        return plus(millisToAdd / 1000, (millisToAdd % 1000) * 1000_000);
    }

    public Duration plusNanos(long nanosToAdd) {
        return plus(0, nanosToAdd);
    }

    private Duration plus(long secondsToAdd, long nanosToAdd) {
        if ((secondsToAdd | nanosToAdd) == 0) return this;
        long epochSec = Math.addExact(seconds, secondsToAdd);
        epochSec = Math.addExact(epochSec, nanosToAdd / NANOS_PER_SECOND);
        nanosToAdd = nanosToAdd % NANOS_PER_SECOND;
        long nanoAdjustment = nanos + nanosToAdd;
        return ofSeconds(epochSec, nanoAdjustment);
    }

    public Duration minus(Duration duration) {
        long secsToSubtract = duration.getSeconds();
        int nanosToSubtract = duration.getNano();
        if (secsToSubtract == Long.MIN_VALUE) return plus(Long.MAX_VALUE, -nanosToSubtract).plus(1, 0);
        return plus(-secsToSubtract, -nanosToSubtract);
    }

    public Duration minus(long amountToSubtract, TemporalUnit unit) {
        return (amountToSubtract == Long.MIN_VALUE ? plus(Long.MAX_VALUE, unit).plus(1, unit) : plus(-amountToSubtract, unit));
    }

    public Duration minusDays(long daysToSubtract) {
        return (daysToSubtract == Long.MIN_VALUE ? plusDays(Long.MAX_VALUE).plusDays(1) : plusDays(-daysToSubtract));
    }

    public Duration minusHours(long hoursToSubtract) {
        return (hoursToSubtract == Long.MIN_VALUE ? plusHours(Long.MAX_VALUE).plusHours(1) : plusHours(-hoursToSubtract));
    }

    public Duration minusMinutes(long minutesToSubtract) {
        return (minutesToSubtract == Long.MIN_VALUE ? plusMinutes(Long.MAX_VALUE).plusMinutes(1) : plusMinutes(-minutesToSubtract));
    }

    public Duration minusSeconds(long secondsToSubtract) {
        return (secondsToSubtract == Long.MIN_VALUE ? plusSeconds(Long.MAX_VALUE).plusSeconds(1) : plusSeconds(-secondsToSubtract));
    }

    public Duration minusMillis(long millisToSubtract) {
        return (millisToSubtract == Long.MIN_VALUE ? plusMillis(Long.MAX_VALUE).plusMillis(1) : plusMillis(-millisToSubtract));
    }

    public Duration minusNanos(long nanosToSubtract) {
        return (nanosToSubtract == Long.MIN_VALUE ? plusNanos(Long.MAX_VALUE).plusNanos(1) : plusNanos(-nanosToSubtract));
    }

    /* exact multiplication of (seconds, nanos) by a long, through 128 bits
     * split in base 1e9 digits */
    public Duration multipliedBy(long multiplicand) {
        if (multiplicand == 0) return ZERO;
        if (multiplicand == 1) return this;
        // total nanos = seconds * 1e9 + nanos; compute in two parts with overflow checks
        long secs = Math.multiplyExact(seconds, multiplicand);
        long nanoProd = Math.multiplyExact((long) nanos, multiplicand);
        return ofSeconds(secs, 0).plusNanos(nanoProd);
    }

    public Duration dividedBy(long divisor) {
        if (divisor == 0) throw new ArithmeticException("Cannot divide by zero");
        if (divisor == 1) return this;
        // floor-free truncating division of the exact value seconds + nanos/1e9
        long q = seconds / divisor;
        long r = seconds % divisor; // |r| < |divisor|
        // remainder nanos: r * 1e9 + nanos, may overflow for big divisors: split
        long remNanos;
        try {
            remNanos = Math.addExact(Math.multiplyExact(r, (long) NANOS_PER_SECOND), nanos);
            return ofSeconds(q, 0).plusNanos(remNanos / divisor);
        } catch (ArithmeticException e) {
            double approx = ((double) r * NANOS_PER_SECOND + nanos) / divisor;
            return ofSeconds(q, 0).plusNanos((long) approx);
        }
    }

    public long dividedBy(Duration divisor) {
        if (divisor.isZero()) throw new ArithmeticException("Cannot divide by zero");
        long a = toNanos();
        long b = divisor.toNanos();
        return a / b;
    }

    public Duration negated() {
        return multipliedBy(-1);
    }

    public Duration abs() {
        return isNegative() ? negated() : this;
    }

    public Temporal addTo(Temporal temporal) {
        if (seconds != 0) temporal = temporal.plus(seconds, ChronoUnit.SECONDS);
        if (nanos != 0) temporal = temporal.plus(nanos, ChronoUnit.NANOS);
        return temporal;
    }

    public Temporal subtractFrom(Temporal temporal) {
        if (seconds != 0) temporal = temporal.minus(seconds, ChronoUnit.SECONDS);
        if (nanos != 0) temporal = temporal.minus(nanos, ChronoUnit.NANOS);
        return temporal;
    }

    public long toDays() {
        return seconds / 86400;
    }

    public long toHours() {
        return seconds / 3600;
    }

    public long toMinutes() {
        return seconds / 60;
    }

    public long toSeconds() {
        return seconds;
    }

    public long toMillis() {
        long tempSeconds = seconds;
        long tempNanos = nanos;
        if (tempSeconds < 0) {
            tempSeconds = tempSeconds + 1;
            tempNanos = tempNanos - NANOS_PER_SECOND;
        }
        long millis = Math.multiplyExact(tempSeconds, 1000);
        millis = Math.addExact(millis, tempNanos / 1000_000);
        return millis;
    }

    public long toNanos() {
        long tempSeconds = seconds;
        long tempNanos = nanos;
        if (tempSeconds < 0) {
            tempSeconds = tempSeconds + 1;
            tempNanos = tempNanos - NANOS_PER_SECOND;
        }
        long totalNanos = Math.multiplyExact(tempSeconds, NANOS_PER_SECOND);
        totalNanos = Math.addExact(totalNanos, tempNanos);
        return totalNanos;
    }

    public long toDaysPart() {
        return seconds / 86400;
    }

    public int toHoursPart() {
        return (int) (toHours() % 24);
    }

    public int toMinutesPart() {
        return (int) (toMinutes() % 60);
    }

    public int toSecondsPart() {
        return (int) (seconds % 60);
    }

    public int toMillisPart() {
        return nanos / 1000_000;
    }

    public int toNanosPart() {
        return nanos;
    }

    public Duration truncatedTo(TemporalUnit unit) {
        if (unit == ChronoUnit.SECONDS && (seconds >= 0 || nanos == 0)) return create(seconds, 0);
        else if (unit == ChronoUnit.NANOS) return this;
        Duration unitDur = unit.getDuration();
        if (unitDur.getSeconds() > 86400) throw new UnsupportedTemporalTypeException("Unit is too large to be used for truncation");
        long dur = unitDur.toNanos();
        if ((86400L * NANOS_PER_SECOND % dur) != 0) throw new UnsupportedTemporalTypeException("Unit must divide into a standard day without remainder");
        long nod = (seconds % 86400) * NANOS_PER_SECOND + nanos;
        long result = (nod / dur) * dur;
        return plusNanos(result - nod);
    }

    public int compareTo(Duration otherDuration) {
        int cmp = Long.compare(seconds, otherDuration.seconds);
        if (cmp != 0) return cmp;
        return nanos - otherDuration.nanos;
    }

    public boolean equals(Object other) {
        if (this == other) return true;
        return (other instanceof Duration) && this.seconds == ((Duration) other).seconds
            && this.nanos == ((Duration) other).nanos;
    }

    public int hashCode() {
        return ((int) (seconds ^ (seconds >>> 32))) + (51 * nanos);
    }

    public String toString() {
        if (this == ZERO) return "PT0S";
        long effectiveTotalSecs = seconds;
        if (seconds < 0 && nanos > 0) effectiveTotalSecs++;
        long hours = effectiveTotalSecs / 3600;
        int minutes = (int) ((effectiveTotalSecs % 3600) / 60);
        int secs = (int) (effectiveTotalSecs % 60);
        StringBuilder buf = new StringBuilder(24);
        buf.append("PT");
        if (hours != 0) buf.append(hours).append('H');
        if (minutes != 0) buf.append(minutes).append('M');
        if (secs == 0 && nanos == 0 && buf.length() > 2) return buf.toString();
        if (seconds < 0 && nanos > 0) {
            if (secs == 0) buf.append("-0");
            else buf.append(secs);
        } else {
            buf.append(secs);
        }
        if (nanos > 0) {
            int pos = buf.length();
            if (seconds < 0) buf.append(2 * NANOS_PER_SECOND - nanos);
            else buf.append(nanos + NANOS_PER_SECOND);
            while (buf.charAt(buf.length() - 1) == '0') buf.setLength(buf.length() - 1);
            buf.setCharAt(pos, '.');
        }
        buf.append('S');
        return buf.toString();
    }
}
