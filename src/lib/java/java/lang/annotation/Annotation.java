/* java.lang.annotation.Annotation for vifvm: the superinterface of annotations. */
package java.lang.annotation;

public interface Annotation {
    boolean equals(Object obj);

    int hashCode();

    String toString();

    Class<? extends Annotation> annotationType();
}
