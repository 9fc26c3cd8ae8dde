/* java.util.function.ObjIntConsumer for vifvm. */
package java.util.function;

@FunctionalInterface
public interface ObjIntConsumer<T> {
    void accept(T t, int value);
}
