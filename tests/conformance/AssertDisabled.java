// assert statements are disabled by default (no -ea): the condition is not even evaluated.
public class AssertDisabled {
    static int evaluated;
    static boolean sideEffect() { evaluated++; return false; }
    public static void main(String[] args) {
        assert sideEffect() : "should not fire";
        for (int i = 0; i < 10; i++) assert i < 0;
        System.out.println("evaluated " + evaluated);
        try {
            throw new AssertionError("explicit");
        } catch (AssertionError e) {
            System.out.println("explicit AssertionError " + e.getMessage());
        }
        AssertionError withObj = new AssertionError(42);
        System.out.println(withObj.getMessage());
    }
}
