// Its helper reads the packet's arrival time.
public class LazyTs extends LazyBase {
    public LazyTs() {
        super("LazyTsCheck");
    }
}
