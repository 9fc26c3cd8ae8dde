// tests/unit/data/api/ApiMissing.java - names ApiGone, whose class file is not shipped.
public class ApiMissing {
    public static int run(boolean b) { return b ? new ApiGone().v : 0; }
}
class ApiGone { int v; }
