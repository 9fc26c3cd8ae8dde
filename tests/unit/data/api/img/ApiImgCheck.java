/* test_api_prepare_image.c: the helper's interface (ApiImg) */
public interface ApiImgCheck {
    int weigh(int x);
}
