// A finalize() override never runs (vifvm has no finalization), however
// much garbage its instances become: harmless.
// args: -Xmx16m
// expect-status: 0
// expect-stdout: finalized 0
// reject-stdout: FINALIZE RAN
public class FinalizeOverride {
    static int finalized;
    static Object resurrected;
    byte[] payload = new byte[4096];
    @Override
    protected void finalize() throws Throwable {
        finalized++;
        resurrected = this;   // resurrection attempt
        System.out.println("FINALIZE RAN");
        while (true) { }
    }
    public static void main(String[] args) {
        for (int i = 0; i < 20000; i++) new FinalizeOverride();   // ~80 MB of garbage
        System.gc();
        for (int i = 0; i < 2000; i++) new FinalizeOverride();
        System.out.println("finalized " + finalized);
    }
}
