// Its constructor throws: loading fails with the exception.
import vif.*;

public class BadCtor extends VIFlet {
    public BadCtor() {
        throw new RuntimeException("no thanks");
    }
}
