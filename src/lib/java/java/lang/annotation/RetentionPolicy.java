/* java.lang.annotation.RetentionPolicy for vifvm. */
package java.lang.annotation;

public enum RetentionPolicy {
    SOURCE,
    CLASS,
    RUNTIME
}
