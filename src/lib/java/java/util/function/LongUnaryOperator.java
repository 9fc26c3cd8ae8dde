/* java.util.function.LongUnaryOperator for vifvm. */
package java.util.function;

@FunctionalInterface
public interface LongUnaryOperator {
    long applyAsLong(long operand);
}
